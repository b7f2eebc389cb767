export * from './descriptive';
export * from './item-analysis';
