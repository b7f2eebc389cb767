/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export * from './RequirePermission';
export * from './access';
export * from './user';
export * from './identity';
export * from './authProvider';
export * from './mfa';
