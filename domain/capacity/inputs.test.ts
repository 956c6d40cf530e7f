import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { availabilityInput, capacityRangeInput, timeZoneSchema } from './inputs.ts';
import { capacityMessages as M } from './messages.ts';

/** The messages of a refused input, each with its path. */
const refusal = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('capacityRangeInput', () => {
  it('given only the dates, then weekly steps without tentative work', () => {
    expect(capacityRangeInput.parse({ from: '2025-06-02', to: '2025-06-30' })).toEqual({
      from: '2025-06-02', to: '2025-06-30', step: 'week', includeTentative: false,
    });
  });

  it('given query-string text for includeTentative, then a boolean', () => {
    expect(capacityRangeInput.parse({ from: '2025-06-02', to: '2025-06-02', step: 'day', includeTentative: 'true' }).includeTentative).toBe(true);
    expect(capacityRangeInput.parse({ from: '2025-06-02', to: '2025-06-02', includeTentative: 'false' }).includeTentative).toBe(false);
  });

  it('given an unknown step or flag, then each is refused with its own message', () => {
    expect(refusal(capacityRangeInput, { from: '2025-06-02', to: '2025-06-03', step: 'year', includeTentative: 'maybe' })).toEqual([
      ['step', M.stepInvalid],
      ['includeTentative', M.includeTentativeInvalid],
    ]);
  });

  it('given a date that does not exist or a date-time, then the field is named', () => {
    expect(refusal(capacityRangeInput, { from: '2025-02-30', to: '2025-06-03T00:00:00Z' })).toEqual([
      ['from', M.dateInvalid('from')],
      ['to', M.dateInvalid('to')],
    ]);
  });

  it('given a date of year 0000, then refused with the years dates may have (PostgreSQL has no year 0)', () => {
    expect(refusal(capacityRangeInput, { from: '0000-01-01', to: '0000-01-02' })).toEqual([
      ['from', 'from must be a date in the years 1 to 9999'],
      ['to', 'to must be a date in the years 1 to 9999'],
    ]);
    expect(refusal(capacityRangeInput, { from: '2025-06-02', to: '10000-01-01' })).toEqual([['to', 'to must be a date in the years 1 to 9999']]);
    expect(capacityRangeInput.safeParse({ from: '0001-01-01', to: '0001-01-31' }).success).toBe(true);
  });

  it('given to before from, then refused on to', () => {
    expect(refusal(capacityRangeInput, { from: '2025-06-03', to: '2025-06-02' })).toEqual([['to', M.rangeBackwards]]);
  });

  it('given more than two years, then refused; exactly 731 days is accepted', () => {
    expect(capacityRangeInput.safeParse({ from: '2024-01-01', to: '2025-12-31' }).success).toBe(true);
    expect(refusal(capacityRangeInput, { from: '2024-01-01', to: '2026-01-01' })).toEqual([['to', M.rangeTooLong(731)]]);
  });
});

describe('availabilityInput', () => {
  it('given minFree as query text, then a number', () => {
    expect(availabilityInput.parse({ from: '2025-06-02', to: '2025-06-30', minFree: '50' })).toMatchObject({ minFree: 50, includeTentative: false });
  });

  it.each([['-1'], ['101'], ['lots']])('given minFree %s, then refused', (minFree) => {
    expect(refusal(availabilityInput, { from: '2025-06-02', to: '2025-06-30', minFree })).toEqual([['minFree', M.minFreeRange]]);
  });
});

describe('timeZoneSchema', () => {
  it('given nothing, then UTC; given an IANA name, then it; given nonsense, then refused', () => {
    expect(timeZoneSchema.parse(undefined)).toBe('UTC');
    expect(timeZoneSchema.parse('Europe/Berlin')).toBe('Europe/Berlin');
    expect(refusal(timeZoneSchema, 'Europe/Atlantis')).toEqual([['', M.timeZoneUnknown]]);
  });
});
