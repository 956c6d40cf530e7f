export * from './commands.ts';
export * from './decide-on-plan.ts';
export * from './fold.ts';
export * from './scenario.ts';
export * from './compare.ts';
export * from './describe-change.ts';
