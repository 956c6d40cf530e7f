/** Validation messages of the capacity inputs: what a person reads when a date, range or kind is refused. */
export const capacityMessages = {
  dateInvalid: (field: string) => `${field} must be a date written YYYY-MM-DD`,
  rangeBackwards: 'to must be on or after from',
  rangeTooLong: (maxDays: number) => `The range may span at most ${maxDays} days`,
  stepInvalid: 'step must be day, week or month',
  includeTentativeInvalid: 'includeTentative must be true or false',
  minFreeRange: 'minFree must be a number between 0 and 100',
  timeZoneUnknown: 'Unknown time zone: use an IANA name such as Europe/Berlin',
  queryTooLong: 'Search text must be less than 200 characters',
  engineerIdInvalid: 'engineerId must be an engineer id',
  seniorityInvalid: 'seniority must be junior, mid or senior',
  sortInvalid: 'sort must be peak, free or name',
  shapeInvalid: 'shape must be cells or columns',
  limitInvalid: 'limit must be a whole number from 1 to 5000',
  offsetInvalid: 'offset must be a whole number, 0 or more',
  freeRangeBackwards: 'freeTo must be on or after freeFrom',
} as const;
