import type { Rule } from '../resource-validation';

export const SCALE_RULE_MESSAGES = { cutsOrdered: 'calibrations.errors.cuts_ordered' } as const;

/** A scale's cut scores rise: Approaching, then Meeting, then Exceeding. */
export const SCALE_RULES: Record<string, Rule> = {
  'scale-cuts.ordered': (cuts, ctx) => {
    const [approaching, meeting, exceeding] = [cuts.approaching_from, cuts.meeting_from, cuts.exceeding_from];
    if (typeof approaching === 'number' && typeof meeting === 'number' && meeting <= approaching)
      ctx.addIssue({ code: 'custom', message: SCALE_RULE_MESSAGES.cutsOrdered, path: ['meeting_from'] });
    if (typeof meeting === 'number' && typeof exceeding === 'number' && exceeding <= meeting)
      ctx.addIssue({ code: 'custom', message: SCALE_RULE_MESSAGES.cutsOrdered, path: ['exceeding_from'] });
  },
};

export { PERFORMANCE_LEVELS, performanceLevel, type PerformanceLevel } from './performance-levels';
