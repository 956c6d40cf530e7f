import { Button, DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { mondayOfDate, weekLabel } from '../lib/weeks.ts';
import { forecastRange, forecastSpans, startsThisWeek, type ForecastWindowContext, type ForecastWindowEvent } from '../machines/forecastWindow.machine.ts';

/** 'the next 12 weeks', or '12 weeks from Mar 2' once the window was moved: how a window of weeks is named in titles. */
export function windowPhrase(context: ForecastWindowContext): string {
  return startsThisWeek(context) ? `the next ${context.weeks} weeks` : `${context.weeks} weeks from ${weekLabel(forecastRange(context).from)}`;
}

/**
 * The controls of a window of weeks (the forecast's, a scenario comparison's): its first week, its
 * length, and 'This week' once it was moved; `children` go after them. Test ids are `<testIdPrefix>-start`
 * and `<testIdPrefix>-weeks`.
 */
export function WeekWindowControls({ context, send, testIdPrefix, children }: {
  context: ForecastWindowContext;
  send: (event: ForecastWindowEvent) => void;
  testIdPrefix: string;
  children?: ReactNode;
}) {
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      <DatePicker
        picker="week"
        size="small"
        allowClear={false}
        value={dayjs(forecastRange(context).from)}
        format={(value) => `From ${weekLabel(mondayOfDate(value.format('YYYY-MM-DD')))}`}
        onChange={(day) => day && send({ type: 'SET_START', date: day.format('YYYY-MM-DD') })}
        aria-label="First week"
        data-testid={`${testIdPrefix}-start`}
      />
      <Select
        size="small"
        value={context.weeks}
        options={forecastSpans.map((span) => ({ value: span, label: `${span} weeks` }))}
        onChange={(value: number) => send({ type: 'SET_WEEKS', weeks: value })}
        aria-label="Weeks"
        style={{ width: 104 }}
        data-testid={`${testIdPrefix}-weeks`}
      />
      {!startsThisWeek(context) ? (
        <Button size="small" onClick={() => send({ type: 'THIS_WEEK' })}>
          This week
        </Button>
      ) : null}
      {children}
    </div>
  );
}
