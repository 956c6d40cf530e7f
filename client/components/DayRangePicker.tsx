import { DatePicker, Flex } from 'antd';
import type { Dayjs } from 'dayjs';
import { useIsMobile } from '../lib/mediaQuery.ts';

export type DayRange = [Dayjs | null, Dayjs | null];

type Props = {
  value: DayRange;
  onChange: (days: DayRange) => void;
  format: string | string[];
  'aria-label': string;
  /** On both fields, the first day's and the last day's, as antd's range picker puts it on both inputs. */
  'data-testid'?: string;
  disabled?: boolean;
};

/**
 * Two days, both included: antd's range picker on a wide screen, and on a phone one picker per day.
 * The range picker's popup shows two months side by side, about 640 px wide: on a 390 px screen it
 * started off the left edge, and the first days of each week could not be tapped. A single month fits.
 */
export function DayRangePicker({ value, onChange, format, disabled, 'aria-label': label, 'data-testid': testId }: Props) {
  const phone = useIsMobile();
  const [from, to] = value;
  if (!phone) {
    return (
      <DatePicker.RangePicker
        style={{ width: '100%' }}
        format={format}
        value={value}
        onChange={(days) => onChange([days?.[0] ?? null, days?.[1] ?? null])}
        allowEmpty={[false, false]}
        disabled={disabled}
        aria-label={label}
        data-testid={testId}
      />
    );
  }
  return (
    <Flex gap={8} role="group" aria-label={label}>
      <DatePicker
        style={{ flex: 1, minWidth: 0 }}
        format={format}
        value={from}
        // A first day after the last moves the last day with it, as the range picker would not let them cross.
        onChange={(day) => onChange([day, day && to && to.isBefore(day, 'day') ? day : to])}
        disabled={disabled}
        placeholder="First day"
        aria-label={`${label}: first day`}
        data-testid={testId}
        placement="bottomLeft"
      />
      <DatePicker
        style={{ flex: 1, minWidth: 0 }}
        format={format}
        value={to}
        defaultPickerValue={from ?? undefined}
        disabledDate={(day) => (from ? day.isBefore(from, 'day') : false)}
        onChange={(day) => onChange([from, day])}
        disabled={disabled}
        placeholder="Last day"
        aria-label={`${label}: last day`}
        data-testid={testId}
        placement="bottomRight"
      />
    </Flex>
  );
}
