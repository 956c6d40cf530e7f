/** Validation messages of the capacity inputs: what a person reads when a date, range or kind is refused. */
export const capacityMessages = {
  dateInvalid: (field: string) => `${field} must be a date written YYYY-MM-DD`,
  rangeBackwards: 'to must be on or after from',
  rangeTooLong: (maxDays: number) => `The range may span at most ${maxDays} days`,
  stepInvalid: 'step must be day, week or month',
  includeTentativeInvalid: 'includeTentative must be true or false',
  minFreeRange: 'minFree must be a number between 0 and 100',
  timeZoneUnknown: 'Unknown time zone: use an IANA name such as Europe/Berlin',
  timeOffBackwards: 'The last day off must be on or after the first',
  timeOffKindInvalid: 'Kind must be vacation, sick or other',
  noteTooLong: 'The note must be less than 500 characters',
  holidayNameRequired: 'Holiday name is required',
  holidayNameTooLong: 'Holiday name must be less than 100 characters',
  placeholderSkillsInvalid: 'Skills must be a list of names',
} as const;
