import type { Rule } from '../resource-validation';

export const PLATFORM_RULE_MESSAGES = { tiersOrdered: 'reports.validation.tiers_ordered' } as const;

/** A platform's tier thresholds: Above Average must start above Within Average. */
export const PLATFORM_RULES: Record<string, Rule> = {
  'platforms.tiersOrdered': (platform, ctx) => {
    const within = platform.tier_within_from;
    const above = platform.tier_above_from;
    if (typeof within === 'number' && typeof above === 'number' && above <= within)
      ctx.addIssue({ code: 'custom', message: PLATFORM_RULE_MESSAGES.tiersOrdered, path: ['tier_above_from'] });
  },
};
