export * from './messages.ts';
export * from './page-cursor.ts';
export * from './params.ts';
export * from './assignment-list.ts';
export * from './engineer-list.ts';
export * from './project-list.ts';
