import { describe, expect, it } from 'vitest';
import { planningEventTypes } from '../../../domain/events.ts';
import { activeFilterCount, csvFilename, eventTypeLabel, eventTypes, historyQuery, noFilters } from './query.ts';

describe('history query string', () => {
  it('is empty without filters', () => {
    expect(historyQuery(noFilters)).toBe('');
  });

  it('carries every filter, then the page', () => {
    const query = historyQuery(
      { type: 'AssignmentUpdated', entity: 'assignment', actorId: 'u-1', from: '2026-03-01T09:00:00+01:00', to: '2026-03-31T18:30:00.000Z' },
      { before: '123:45', limit: 50 },
    );
    expect(query).toBe(
      'type=AssignmentUpdated&entity=assignment&actorId=u-1&from=2026-03-01T08%3A00%3A00.000Z&to=2026-03-31T18%3A30%3A00.000Z&before=123%3A45&limit=50',
    );
    const params = new URLSearchParams(query);
    expect(params.get('from')).toBe('2026-03-01T08:00:00.000Z');
    expect(params.get('before')).toBe('123:45');
  });

  it('leaves unset filters out and asks for CSV without a page', () => {
    expect(historyQuery({ ...noFilters, entity: 'project' }, { before: null, format: 'csv' })).toBe('entity=project&format=csv');
    expect(historyQuery({ ...noFilters, to: '2026-01-02T00:00:00.000Z' }, { format: 'csv' })).toBe('to=2026-01-02T00%3A00%3A00.000Z&format=csv');
  });

  it('counts the active filters, a time range as one', () => {
    expect(activeFilterCount(noFilters)).toBe(0);
    expect(activeFilterCount({ ...noFilters, type: 'ProjectCreated', actorId: 'x' })).toBe(2);
    expect(activeFilterCount({ ...noFilters, from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' })).toBe(1);
    expect(activeFilterCount({ type: 'ProjectCreated', entity: 'project', actorId: 'x', from: null, to: '2026-01-02T00:00:00Z' })).toBe(4);
  });
});

describe('CSV file name', () => {
  const at = new Date(2026, 3, 2, 10, 15, 30); // 2 Apr 2026 10:15:30 local

  it('names the whole log with the moment of export', () => {
    expect(csvFilename(noFilters, at)).toBe('planning-history-exported-2026-04-02-at-10h15.csv');
  });

  it('does not write the time of day as four digits after the date, where 20:27 read as the year 2027', () => {
    const evening = new Date(2026, 11, 6, 20, 27);
    const name = csvFilename(noFilters, evening);
    expect(name).toBe('planning-history-exported-2026-12-06-at-20h27.csv');
    expect(name).not.toMatch(/\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  });

  it('says which filters it holds', () => {
    const filters = {
      type: 'AssignmentUpdated',
      entity: 'assignment' as const,
      actorId: 'u-1',
      from: new Date(2026, 2, 1, 9).toISOString(),
      to: new Date(2026, 2, 31, 18).toISOString(),
    };
    expect(csvFilename(filters, at, 'Dana Whitfield')).toBe(
      'planning-history-assignment-assignment-updated-by-dana-whitfield-from-2026-03-01-to-2026-03-31-exported-2026-04-02-at-10h15.csv',
    );
  });

  it('keeps only safe characters from names', () => {
    expect(csvFilename({ ...noFilters, actorId: 'id' }, at, 'Zoë O’Brien / Ops')).toBe('planning-history-by-zoe-o-brien-ops-exported-2026-04-02-at-10h15.csv');
    expect(csvFilename({ ...noFilters, actorId: 'abc-123' }, at)).toBe('planning-history-by-abc-123-exported-2026-04-02-at-10h15.csv');
    expect(csvFilename({ ...noFilters, actorId: 'x' }, at, '***')).toBe('planning-history-by-actor-exported-2026-04-02-at-10h15.csv');
  });
});

describe('event type labels', () => {
  it('reads as words', () => {
    expect(eventTypeLabel('AssignmentUpdated')).toBe('Assignment updated');
    expect(eventTypeLabel('ProjectStatusChanged')).toBe('Project status changed');
    expect(eventTypeLabel('EngineerProfileUpdated')).toBe('Engineer profile updated');
    expect(eventTypeLabel('PlaceholderFilled')).toBe('Placeholder filled');
    expect(eventTypeLabel('AccountDeactivated')).toBe('Account deactivated');
  });

  it('offer every type the log holds, the accounts\' and the engineer days\' too', () => {
    expect(eventTypes).toHaveLength(planningEventTypes.length);
    for (const type of ['EngineerWorkWeekChanged', 'EngineerCalendarChanged', 'EngineerStartDateSet', 'EngineerLeaving', 'EngineerLeavingCancelled', 'AccountInvited', 'AccountActivated', 'AccountRoleChanged', 'AdminGranted', 'AdminRevoked', 'AccountDeactivated', 'AccountReactivated', 'PasswordChanged', 'PasswordResetIssued', 'InviteWithdrawn']) {
      expect(eventTypes).toContain(type);
    }
  });
});
