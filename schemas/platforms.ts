import { bilingualName, choice, type ResourceDefinition } from './vocabulary';

/** A learning platform: IRA shows grade fields, ISA shows level fields. */
const platforms: ResourceDefinition = {
  name: 'platforms',
  table: 'platforms',
  platformScoped: false,
  menu: { group: 'system_settings', route: '/settings/platforms' },
  fields: { ...bilingualName, identifier: choice(['IRA', 'ISA']) },
  list: {
    columns: ['id', 'name_en', 'name_ar', 'identifier'],
    sort: 'id',
    order: 'asc',
    search: ['name_en', 'name_ar', 'identifier'],
  },
  nameFromNameEn: true,
  adminOnly: true,
};

export default platforms;
