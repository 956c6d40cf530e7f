// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventLogColumns } from './eventLogColumns.tsx';
import type { HistoryEvent } from './historyApi.ts';

afterEach(cleanup);

const reason = 'Jordan Lee is at 110 % in W01-W02; Lucas Silva is free then and has React';
const event = (over: Partial<HistoryEvent>): HistoryEvent => ({
  cursor: '1', streamId: 'assignment-a1', streamPosition: 2, type: 'AssignmentUpdated', data: {}, metadata: {}, recordedAt: '2027-01-04T09:00:00.000Z',
  actor: { id: 'm1', name: 'Dana Whitfield' }, entity: { kind: 'assignment', id: 'a1', name: 'Jordan Lee on Apollo' },
  summary: 'Dana Whitfield handed Jordan Lee on Apollo to Lucas Silva', ...over,
});

describe('the event log', () => {
  for (const mobile of [false, true]) {
    it(`tags a published proposal's change as proposed, with its reason (${mobile ? 'phone' : 'desktop'})`, () => {
      const rows = [
        event({ cursor: '1', scenario: { id: 's1', name: 'Resolve overloads' }, proposed: { reason } }),
        event({ cursor: '2', scenario: { id: 's2', name: 'Win the pipeline' } }),
      ];
      render(<Table rowKey="cursor" dataSource={rows} columns={eventLogColumns(mobile, vi.fn())} pagination={false} />);
      const tags = screen.getAllByTestId('event-proposed');
      expect(tags).toHaveLength(1);
      expect(tags[0]!.textContent).toBe('proposed');
      expect(tags[0]!.getAttribute('title')).toBe(`Proposed: ${reason}`);
    });
  }
});
