export * from './descriptive';
export * from './item-analysis';
export * from './rasch';
export * from './dif';
export * from './agreement';
export * from './wright-map';
export * from './cat';
export { mulberry32, normal } from './seeded-random';
export * from './adaptive-items';
