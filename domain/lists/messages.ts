/** What a person reads when a list's query string is refused: each message names the parameter. */
export const listMessages = {
  unknownParameter: (name: string) => `Unknown parameter: ${name}`,
  textInvalid: (field: string) => `${field} must be text`,
  queryTooLong: 'Search text must be less than 200 characters',
  valueTooLong: (field: string) => `${field} must be less than 200 characters`,
  oneOf: (field: string, allowed: readonly string[]) => `${field} must be ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`,
  sortInvalid: (allowed: readonly string[]) => `sort must be one of ${allowed.join(', ')}`,
  limitInvalid: (max: number) => `limit must be a whole number from 1 to ${max}`,
  offsetInvalid: 'offset must be a whole number, 0 or more',
  afterInvalid: 'after must be the X-Next-After value of a previous page',
  afterWithOffset: 'Send either after or offset, not both',
  afterOtherSort: 'after belongs to another sort order: start again without it',
  dateInvalid: (field: string) => `${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`,
  rangeBackwards: 'to must be after from',
  flagInvalid: (field: string) => `${field} must be true or false`,
} as const;
