export * from './events.ts';
export * from './inputs.ts';
export * from './decide.ts';
export * from './messages.ts';
