import { choice, text, type ResourceDefinition } from './vocabulary';

/** A learning platform: IRA shows grade fields, ISA shows level fields. */
const platforms: ResourceDefinition = {
  name: 'platforms',
  table: 'platforms',
  platformScoped: false,
  menu: { group: 'system_settings', route: '/settings/platforms' },
  fields: { name: text(), identifier: choice(['IRA', 'ISA']) },
  list: { columns: ['id', 'name', 'identifier'], sort: 'id', order: 'asc', search: ['name', 'identifier'] },
  nameFromNameEn: false,
  adminOnly: true,
};

export default platforms;
