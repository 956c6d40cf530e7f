import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../tests/support/decider-spec.ts';
import { decideCreateHolidayCalendar, decideRemoveHoliday, decideSetHolidayCalendarRule } from './decide/holidays.ts';
import type { HolidayRule } from './entities.ts';
import type { CalendarEvent } from './events.ts';
import { evolveCalendar } from './evolve.ts';
import { planReachOf, reachAround, ruleHolidayId, ruleHolidayOf, ruleYears, withPlanRuleDays, withRuleHolidays, type RuleDays } from './holiday-rules.ts';

/**
 * A rule given as a function of the year, as the server's date-holidays one is: Germany's fixed-date
 * public holidays (enough to cross a year boundary), and nothing for any other country.
 */
const asked: string[] = [];
const fixedGermanDays: RuleDays = (rule: HolidayRule, year: number) => {
  asked.push(`${rule.country}${rule.region ? `-${rule.region}` : ''} ${year}`);
  if (rule.country !== 'DE') return [];
  return [
    { date: `${year}-01-01`, name: "New Year's Day" },
    { date: `${year}-05-01`, name: 'Labour Day' },
    { date: `${year}-10-03`, name: 'German Unity Day' },
    { date: `${year}-12-25`, name: 'Christmas Day' },
    { date: `${year}-12-26`, name: 'Boxing Day' },
  ];
};

const created: CalendarEvent = { type: 'HolidayCalendarCreated', data: { calendarId: 'de', name: 'Germany', country: 'DE' } };
const ruleSet: CalendarEvent = { type: 'HolidayCalendarRuleSet', data: { calendarId: 'de', rule: { country: 'DE' } } };
const fold = (events: readonly CalendarEvent[]) => events.reduce((s, e, i) => evolveCalendar(s, e, i + 1), null as ReturnType<typeof evolveCalendar>)!;

/** The calendar's holidays in from..to, as every reader lists them: recorded ones and the rule's days. */
const holidaysOf = (events: readonly CalendarEvent[], from: string, to: string) => {
  const state = fold(events);
  const recorded = Object.values(state.holidays).filter((h) => h.date >= from && h.date <= to);
  return withRuleHolidays(recorded, [state.calendar], { from, to }, fixedGermanDays, (day) => day).map((h) => `${h.date} ${h.name}`);
};

describe('a calendar with a rule gives its days for every year', () => {
  it('counts Dec 25 2026 and Jan 1 2027 for Germany: a range across the year boundary asks the rule for both years', () => {
    asked.length = 0;
    expect(holidaysOf([created, ruleSet], '2026-12-01', '2027-01-31')).toEqual([
      '2026-12-25 Christmas Day',
      '2026-12-26 Boxing Day',
      '2027-01-01 New Year\'s Day',
    ]);
    expect(asked).toEqual(['DE 2026', 'DE 2027']);
  });

  it('gives past and future years alike', () => {
    expect(holidaysOf([created, ruleSet], '2019-10-01', '2019-10-31')).toEqual(['2019-10-03 German Unity Day']);
    expect(holidaysOf([created, ruleSet], '2031-05-01', '2031-05-01')).toEqual(['2031-05-01 Labour Day']);
  });

  it('a calendar made for one year, before rules, keeps its recorded days and gains none', () => {
    const recorded: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'd1', calendarId: 'de', date: '2026-12-25', name: 'Erster Weihnachtstag' } };
    expect(holidaysOf([created, recorded], '2026-12-01', '2027-01-31')).toEqual(['2026-12-25 Erster Weihnachtstag']);
  });

  it('extending an old calendar keeps its recorded day over the rule\'s on that date, once', () => {
    const recorded: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'd1', calendarId: 'de', date: '2026-12-25', name: 'Erster Weihnachtstag' } };
    expect(holidaysOf([created, recorded, { ...ruleSet }], '2026-12-24', '2027-01-01')).toEqual([
      '2026-12-25 Erster Weihnachtstag',
      '2026-12-26 Boxing Day',
      '2027-01-01 New Year\'s Day',
    ]);
  });

  it('the years a range touches stay within those a rule gives', () => {
    expect(ruleYears('2026-12-01', '2027-01-31')).toEqual([2026, 2027]);
    expect(ruleYears('0001-01-01', '1971-06-01')).toEqual([1970, 1971]);
    expect(ruleYears('9999-01-01', '9999-12-31')).toEqual([]);
  });
});

describe('hand edits are kept over the rule', () => {
  const removeSpec = deciderSpec(decideRemoveHoliday, evolveCalendar);
  const boxingDay2027 = { holidayId: ruleHolidayId('de', '2027-12-26'), calendarId: 'de', ruleDay: { date: '2027-12-26', name: 'Boxing Day' } };
  const removedBoxingDay: CalendarEvent = { type: 'HolidayRemoved', data: { holidayId: 'de@2027-12-26', calendarId: 'de', date: '2027-12-26', name: 'Boxing Day' } };

  it('a rule day is removed by its id, and stays removed while the rule gives every other year', () => {
    removeSpec([created, ruleSet]).when(boxingDay2027).then([removedBoxingDay]);
    expect(holidaysOf([created, ruleSet, removedBoxingDay], '2026-12-20', '2028-12-31')).toEqual([
      '2026-12-25 Christmas Day', '2026-12-26 Boxing Day',
      '2027-01-01 New Year\'s Day', '2027-05-01 Labour Day', '2027-10-03 German Unity Day', '2027-12-25 Christmas Day',
      '2028-01-01 New Year\'s Day', '2028-05-01 Labour Day', '2028-10-03 German Unity Day', '2028-12-25 Christmas Day', '2028-12-26 Boxing Day',
    ]);
  });

  it('a rule day removed already, or one of a calendar without a rule, is not found', () => {
    removeSpec([created, ruleSet, removedBoxingDay]).when(boxingDay2027).thenThrows('not-found', 'Holiday not found');
    removeSpec([created]).when(boxingDay2027).thenThrows('not-found', 'Holiday not found');
  });

  it('a recorded day removed from a ruled calendar stays off: the rule does not give it back', () => {
    const company: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'c1', calendarId: 'de', date: '2027-12-25', name: 'Christmas (company)' } };
    const removedCompany: CalendarEvent = { type: 'HolidayRemoved', data: { holidayId: 'c1', calendarId: 'de', date: '2027-12-25', name: 'Christmas (company)' } };
    expect(holidaysOf([created, ruleSet, company], '2027-12-24', '2027-12-25')).toEqual(['2027-12-25 Christmas (company)']);
    expect(holidaysOf([created, ruleSet, company, removedCompany], '2027-12-24', '2027-12-25')).toEqual([]);
  });

  it('a day added by hand stays, beside the rule\'s days and over a removed one', () => {
    const added: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'x1', calendarId: 'de', date: '2027-07-14', name: 'Company day' } };
    const back: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'x2', calendarId: 'de', date: '2027-12-26', name: 'Boxing Day (kept)' } };
    expect(holidaysOf([created, ruleSet, added, removedBoxingDay, back], '2027-07-01', '2027-12-31')).toEqual([
      '2027-07-14 Company day', '2027-10-03 German Unity Day', '2027-12-25 Christmas Day', '2027-12-26 Boxing Day (kept)',
    ]);
  });

  it('a rule day\'s id says its calendar and date, and nothing else parses as one', () => {
    expect(ruleHolidayOf('de@2027-12-26')).toEqual({ calendarId: 'de', date: '2027-12-26' });
    expect(ruleHolidayOf('0190a1b2-c3d4')).toBeNull();
    expect(ruleHolidayOf('@2027-12-26')).toBeNull();
  });
});

describe('setting a rule', () => {
  const spec = deciderSpec(decideSetHolidayCalendarRule, evolveCalendar);

  it('sets, changes (naming the rule it had) and clears it; the rule it has changes nothing', () => {
    spec([created]).when({ calendarId: 'de', rule: { country: 'DE' } }).then([ruleSet]);
    spec([created, ruleSet])
      .when({ calendarId: 'de', rule: { country: 'DE', region: 'BY' } })
      .then([{ type: 'HolidayCalendarRuleSet', data: { calendarId: 'de', rule: { country: 'DE', region: 'BY' }, previous: { country: 'DE' } } }]);
    spec([created, ruleSet]).when({ calendarId: 'de', rule: { country: 'DE' } }).thenNothing();
    spec([created, ruleSet]).when({ calendarId: 'de', rule: null }).then([{ type: 'HolidayCalendarRuleSet', data: { calendarId: 'de', rule: null, previous: { country: 'DE' } } }]);
    expect(fold([created, ruleSet, { type: 'HolidayCalendarRuleSet', data: { calendarId: 'de', rule: null } }]).calendar.rule).toBeUndefined();
  });

  it('is refused for a calendar that does not exist', () => {
    spec([]).when({ calendarId: 'de', rule: { country: 'DE' } }).thenThrows('not-found', 'Holiday calendar not found');
  });

  it('a calendar made from a country records its rule instead of one year\'s days', () => {
    const events = decideCreateHolidayCalendar(null, {
      calendarId: 'de', input: { name: 'Germany', country: 'DE' }, holidays: [], others: [], rule: { country: 'DE' },
    });
    expect(events).toEqual([created, ruleSet]);
  });
});

describe("a plan's reach, and its rule days when the events record none", () => {
  const empty = { assignments: [], placeholders: [], timeOff: [], holidays: [] };
  it('is the year before today through two years after, widened to the facts the plan reaches', () => {
    expect(reachAround(null, null, '2026-12-31')).toEqual({ from: '2025-01-01', to: '2028-12-31' });
    expect(planReachOf(empty, '2027-01-01')).toEqual({ from: '2026-01-01', to: '2029-12-31' });
    const plan = {
      ...empty,
      assignments: [{ startDate: '2019-03-04T00:00:00.000Z', endDate: '2031-06-30T00:00:00.000Z' }],
      timeOff: [{ from: '2018-07-01', to: '2018-07-03' }],
    };
    expect(planReachOf(plan, '2026-12-07')).toEqual({ from: '2018-07-01', to: '2031-06-30' });
  });

  it("adds a ruled calendar's days on both sides of the year boundary, recorded days and hand removals kept", () => {
    const germany = { _id: 'de', name: 'Germany', rule: { country: 'DE' }, removedRuleDays: [{ date: '2027-05-01', name: 'Labour Day' }], version: 4 };
    const recorded = [{ _id: 'h1', calendarId: 'de', date: '2026-12-24', name: 'Christmas Eve (office closed)', version: 4 }];
    const plan = { ...empty, holidays: recorded, holidayCalendars: [germany] };
    const days = withPlanRuleDays(plan, '2026-12-07', fixedGermanDays).holidays.filter((h) => h.date >= '2026-12-01' && h.date <= '2027-05-31');
    expect(days.map((h) => [h._id, h.date])).toEqual([
      ['h1', '2026-12-24'], ['de@2026-12-25', '2026-12-25'], ['de@2026-12-26', '2026-12-26'], ['de@2027-01-01', '2027-01-01'],
    ]);
    // A plan whose calendars have no rule is returned as it is.
    const plain = { ...plan, holidayCalendars: [{ ...germany, rule: undefined }] };
    expect(withPlanRuleDays(plain, '2026-12-07', fixedGermanDays)).toBe(plain);
  });
});
