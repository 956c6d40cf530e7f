import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';

/**
 * An antd RangePicker's value for two dates ('YYYY-MM-DD' or ISO; empty for none): the same array for
 * as long as the dates stay the same. The picker takes a new array for a new value, and on any render
 * while a range was being chosen (a list arriving, a live update) it went back to that value and
 * dropped the first day just picked.
 */
export function useDayRange(from: string | null | undefined, to: string | null | undefined): [Dayjs | null, Dayjs | null] {
  return useMemo(() => [from ? dayjs(from) : null, to ? dayjs(to) : null], [from, to]);
}
