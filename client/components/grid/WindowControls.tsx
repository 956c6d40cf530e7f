import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Segmented, Select, Space } from 'antd';
import dayjs from 'dayjs';
import type { CapacityStep } from '../../../domain/capacity/inputs.ts';
import { type ScheduleSpan, spansFor } from '../../lib/scheduleView.ts';
import { spanLabel } from '../../lib/window.ts';

const steps: { label: string; value: CapacityStep }[] = [
  { label: 'Day', value: 'day' },
  { label: 'Week', value: 'week' },
  { label: 'Month', value: 'month' },
];

type MovesProps = {
  /** The window's first date. */
  from: string;
  step: CapacityStep;
  onShift: (direction: 1 | -1) => void;
  onToday: () => void;
  onGoTo: (date: string) => void;
  onStep: (step: CapacityStep) => void;
  /** Names the date picker's test id ('schedule-date'). */
  testIdPrefix: string;
};

/** A planning grid's window: back, today, forward, a date to jump to, and the zoom (the schedule's and the project plan's). */
export function WindowMoves({ from, step, onShift, onToday, onGoTo, onStep, testIdPrefix }: MovesProps) {
  return (
    <>
      <Space.Compact>
        <Button icon={<LeftOutlined />} aria-label="Previous" onClick={() => onShift(-1)} />
        <Button onClick={onToday}>Today</Button>
        <Button icon={<RightOutlined />} aria-label="Next" onClick={() => onShift(1)} />
      </Space.Compact>
      <DatePicker
        allowClear={false}
        value={dayjs(from)}
        format="MMM D, YYYY"
        onChange={(day) => day && onGoTo(day.format('YYYY-MM-DD'))}
        aria-label="Go to date"
        data-testid={`${testIdPrefix}-date`}
        style={{ width: 142 }}
      />
      <Segmented options={steps} value={step} onChange={(value) => onStep(value as CapacityStep)} aria-label="Zoom" />
    </>
  );
}

/** How long the window is: the spans the step allows, in weeks, or in the month zoom the months they stand for. */
export function SpanSelect({ step, weeks, onChange, testId }: { step: CapacityStep; weeks: ScheduleSpan; onChange: (weeks: ScheduleSpan) => void; testId: string }) {
  return (
    <Select
      value={weeks}
      options={spansFor(step).map((value) => ({ value, label: spanLabel(step, value) }))}
      onChange={onChange}
      aria-label="Span"
      style={{ width: 112 }}
      data-testid={testId}
    />
  );
}
