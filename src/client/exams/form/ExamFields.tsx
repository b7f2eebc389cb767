import examsDeclaration from '../../../../schemas/exams';
import type { PlatformIdentifier, ResourceDefinition } from '../../../../schemas/vocabulary';
import { lookupKey } from '../../../common/declarations';
import { DeclaredInputs } from '../../generic';
import type { ExamLookups } from '../types';

/**
 * The exam form's inputs (SPEC section 3), from its declaration (schemas/exams.ts), with the
 * platform's lookups loaded once for the dropdowns. Grade shows on IRA platforms and level on ISA.
 * Messages come from the form's validation, under each input.
 */
export function ExamFields({
  lookups,
  identifier,
  platformId = null,
  disabled = false,
  definition = examsDeclaration,
}: {
  lookups: ExamLookups;
  identifier: PlatformIdentifier;
  platformId?: number | null;
  disabled?: boolean;
  /** The declaration drawn (a test's fixture; the exams' own otherwise). */
  definition?: ResourceDefinition;
}) {
  const loaded = lookups as Record<string, ExamLookups[keyof ExamLookups] | undefined>;
  return (
    <DeclaredInputs
      definition={definition}
      identifier={identifier}
      platformId={platformId}
      disabled={disabled}
      choices={(resource) => loaded[lookupKey(resource)] ?? []}
      twoColumns
    />
  );
}
