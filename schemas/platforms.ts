import { bilingualName, choice, defineResource, number } from './vocabulary';

/** A percentage threshold of an attainment tier (SPEC section 9); the defaults are documented in the README. */
const threshold = (value: number) => number(0, 100, { decimals: 2, required: false, default: value });

/** A learning platform: IRA shows grade fields, ISA shows level fields; its reports' tier thresholds. */
const platforms = defineResource({
  name: 'platforms',
  table: 'platforms',
  platformScoped: false,
  menu: { group: 'system_settings', route: '/settings/platforms' },
  fields: {
    ...bilingualName,
    identifier: choice(['IRA', 'ISA']),
    // Reports: below `tier_within_from` percent is Below Average, from `tier_above_from` Above Average.
    tier_within_from: threshold(50),
    tier_above_from: threshold(80),
  },
  rules: ['platforms.tiersOrdered'],
  list: {
    columns: ['id', 'name_en', 'name_ar', 'identifier'],
    sort: 'id',
    order: 'asc',
    search: ['name_en', 'name_ar', 'identifier'],
  },
  nameFromNameEn: true,
  adminOnly: true,
});

export default platforms;
