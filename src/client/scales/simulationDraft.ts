import type { AdaptiveSimulationRequest } from '../../common/contracts/index';
import type { AdaptiveSimulationBody } from '../providers/calibrationMethods';
import type { Stage } from './useBooklet';

export type Exposure = AdaptiveSimulationRequest['exposure'];
export const EXPOSURES: readonly Exposure[] = ['none', 'randomesque', 'sympson_hetter'];

/** The request's numbers, each as its input holds it (empty while being typed). */
export type NumberField = 'students' | 'min_length' | 'max_length' | 'se_target' | 'among' | 'ceiling';

/** A content rule as typed: `key` tells the rows apart while they are added and removed. */
export type DraftRule = { key: number; learning_outcome_id: number | null; min: string; max: string };

export type Draft = Record<NumberField, string> & { exposure: Exposure; content: DraftRule[] };

export type SetDraft = (change: (draft: Draft) => Draft) => void;

/** The server's defaults (students, exposure) and the exam form's (lengths, SE target). */
export const DEFAULT_DRAFT: Draft = {
  students: '1000',
  min_length: '10',
  max_length: '40',
  se_target: '0.30',
  exposure: 'randomesque',
  among: '5',
  ceiling: '0.25',
  content: [],
};

/** Each input's bounds, as the route validates them. */
export const BOUNDS: Record<NumberField, { min: number; max: number; step: number }> = {
  students: { min: 100, max: 10_000, step: 100 },
  min_length: { min: 1, max: 200, step: 1 },
  max_length: { min: 1, max: 200, step: 1 },
  se_target: { min: 0.1, max: 1.5, step: 0.05 },
  among: { min: 1, max: 20, step: 1 },
  ceiling: { min: 0.05, max: 1, step: 0.05 },
};

/** An empty input is left out: the server then takes its default or names the field as required. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * What the form sends: the stage, the rules, the exposure control's own figure only (`among` for
 * randomesque, `ceiling` for Sympson–Hetter) and the content rules in their order.
 */
export function simulationBody(draft: Draft, stage: Stage): AdaptiveSimulationBody {
  return {
    ...(stage.grade_id !== null ? { grade_id: stage.grade_id } : {}),
    ...(stage.level_id !== null ? { level_id: stage.level_id } : {}),
    students: numberOf(draft.students),
    min_length: numberOf(draft.min_length),
    max_length: numberOf(draft.max_length),
    se_target: numberOf(draft.se_target),
    exposure: draft.exposure,
    ...(draft.exposure === 'randomesque' ? { among: numberOf(draft.among) } : {}),
    ...(draft.exposure === 'sympson_hetter' ? { ceiling: numberOf(draft.ceiling) } : {}),
    content: draft.content.map((rule) => ({
      learning_outcome_id: rule.learning_outcome_id ?? undefined,
      min: numberOf(rule.min),
      max: numberOf(rule.max),
    })),
  };
}

/** A new, empty content rule after the others. */
export function addedRule(content: DraftRule[]): DraftRule[] {
  const key = Math.max(0, ...content.map((rule) => rule.key)) + 1;
  return [...content, { key, learning_outcome_id: null, min: '', max: '' }];
}
