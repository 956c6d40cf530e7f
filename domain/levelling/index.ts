export * from './inputs.ts';
export * from './model.ts';
export * from './score.ts';
export * from './program.ts';
export * from './greedy.ts';
export * from './proposal.ts';
export * from './check.ts';
export * from './level.ts';
