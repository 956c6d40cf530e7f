export * from './events.ts';
export * from './state.ts';
export * from './decide.ts';
export * from './inputs.ts';
export * from './messages.ts';
export * from './password-policy.ts';
export * from './describe.ts';
export * from './groups.ts';
