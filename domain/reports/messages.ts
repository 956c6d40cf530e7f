/** Validation messages of the report inputs: what a person reads when a range, step or grouping is refused. */
export const reportMessages = {
  stepInvalid: 'step must be day, week, month or quarter',
  groupByInvalid: 'groupBy must be team, role, skill, seniority or person',
  formatInvalid: 'format must be json or csv',
  rangeTooLong: (step: string, maxDays: number) => `A report by ${step} may span at most ${maxDays} days`,
} as const;
