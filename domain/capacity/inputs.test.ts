import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { assignmentMessages } from '../messages.ts';
import { availabilityInput, capacityRangeInput, holidayInput, placeholderInput, timeOffInput, timeZoneSchema } from './inputs.ts';
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

describe('timeOffInput', () => {
  const valid = { engineerId: 'e1', from: '2025-06-05', to: '2025-06-06', kind: 'vacation' };

  it('given one day (from equals to) and a note, then accepted with the note trimmed', () => {
    expect(timeOffInput.parse({ ...valid, to: '2025-06-05', note: '  dentist ' })).toEqual({ ...valid, to: '2025-06-05', note: 'dentist' });
  });

  it('given a last day before the first, then refused on to', () => {
    expect(refusal(timeOffInput, { ...valid, to: '2025-06-04' })).toEqual([['to', M.timeOffBackwards]]);
  });

  it('given an unknown kind or a note too long, then refused with their messages', () => {
    expect(refusal(timeOffInput, { ...valid, kind: 'sabbatical', note: 'x'.repeat(501) })).toEqual([
      ['kind', M.timeOffKindInvalid],
      ['note', M.noteTooLong],
    ]);
  });
});

describe('holidayInput', () => {
  it('given a date and a name, then accepted, name trimmed', () => {
    expect(holidayInput.parse({ date: '2025-12-25', name: ' Christmas Day ' })).toEqual({ date: '2025-12-25', name: 'Christmas Day' });
  });

  it('given a blank name and no date, then both refused', () => {
    expect(refusal(holidayInput, { name: '   ' })).toEqual([
      ['date', M.dateInvalid('date')],
      ['name', M.holidayNameRequired],
    ]);
  });
});

describe('placeholderInput: an assignment without a person, with the same rules', () => {
  const valid = {
    projectId: 'p1',
    role: 'Backend developer',
    skills: ['Go', 'Go', 'SQL'],
    allocationPercentage: 50,
    startDate: '2025-06-04',
    endDate: '2025-07-04T00:00:00.000Z',
  };

  it('given valid fields, then dates normalised to ISO and skills deduplicated', () => {
    expect(placeholderInput.parse(valid)).toEqual({
      ...valid,
      skills: ['Go', 'SQL'],
      startDate: '2025-06-04T00:00:00.000Z',
    });
  });

  it('given an end before the start and an allocation of 0, then the assignment messages', () => {
    expect(refusal(placeholderInput, { ...valid, allocationPercentage: 0, endDate: '2025-06-01' })).toEqual([
      ['allocationPercentage', assignmentMessages.allocationRange],
      ['endDate', assignmentMessages.endBeforeStart],
    ]);
  });

  it('given no skills, then an empty list', () => {
    const { skills: _, ...withoutSkills } = valid;
    expect(placeholderInput.parse(withoutSkills).skills).toEqual([]);
  });
});
