export * from './notices.ts';
export * from './digest.ts';
