export * from './contracts.ts';
export * from './filter.ts';
export * from './schedule.ts';
export * from './signature.ts';
