export * from './events.ts';
export * from './state.ts';
export * from './decide.ts';
export * from './inputs.ts';
export * from './messages.ts';
export * from './scope.ts';
