export * from './messages.ts';
export * from './inputs.ts';
export * from './utilisation.ts';
export * from './contracts.ts';
export * from './csv.ts';
