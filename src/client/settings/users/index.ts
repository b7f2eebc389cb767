/** Users need passwords and role assignment, which the generic screens do not have. */
export { UserCreate as create } from './UserCreate';
export { UserEdit as edit } from './UserEdit';
export { UserList as list } from './UserList';
