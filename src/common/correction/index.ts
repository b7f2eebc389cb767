export * from './statuses';
export * from './marking';
