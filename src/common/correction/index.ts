export * from './statuses';
export * from './marking';
export * from './handles';
export * from './item-cells';
export * from './reported-mark';
