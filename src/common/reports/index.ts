export * from './catalog';
export * from './tiers';
export * from './platform-rules';
export * from './access';
export * from './name-order';
export { PERFORMANCE_LEVELS, performanceLevel, SCALE_RULES, type PerformanceLevel } from './scale-rules';
