export * from './catalog';
export * from './tiers';
export * from './platform-rules';
export * from './access';
export * from './name-order';
