export * from './calendar-days.ts';
export * from './time-zone.ts';
export * from './messages.ts';
export * from './inputs.ts';
export * from './periods.ts';
export * from './capacity-over-time.ts';
export * from './ranking.ts';
