import { z } from 'zod';
import { INTERVENTIONS } from '../../common/contracts/index';
import type { AuditContext } from '../audit';
import type { SchoolScope } from '../auth';
import type { Db } from '../db/database';
import type { DeadlineScheduler } from '../delivery';
import { targetFields } from './targets';

export const interventionBody = z.strictObject({
  action: z.enum(INTERVENTIONS),
  ...targetFields,
  /** extend: the minutes added; reopen: the time given (else what was left when it closed). */
  minutes: z.number().int().min(1).max(600).optional(),
  reason: z.string().trim().min(3).max(500),
  /** Say what would happen (and what a reset erases) without changing anything. */
  preview: z.boolean().default(false),
});
export type InterventionBody = z.output<typeof interventionBody>;

export interface InterventionContext {
  db: Db;
  scope: SchoolScope;
  audit: AuditContext;
  now: Date;
  graceSeconds: number;
  deadlines: DeadlineScheduler;
}
