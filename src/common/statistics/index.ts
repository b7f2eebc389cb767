export * from './descriptive';
export * from './item-analysis';
export * from './rasch';
export * from './dif';
export * from './agreement';
export * from './wright-map';
