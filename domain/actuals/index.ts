export * from './events.ts';
export * from './messages.ts';
export * from './weeks.ts';
export * from './inputs.ts';
export * from './decide.ts';
export * from './planned.ts';
export * from './variance.ts';
export * from './contracts.ts';
