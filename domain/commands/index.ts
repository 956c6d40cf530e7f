export * from './planning-commands.ts';
export * from './table.ts';
