import { memo } from 'react';
import { dayOfDate } from '../../../domain/capacity/calendar-days.ts';
import type { CapacityStep } from '../../../domain/capacity/inputs.ts';
import type { CapacityPeriod } from '../../../domain/capacity/periods.ts';
import { holdsDay, holidayLine, periodHeading } from './cellLook.ts';

type Props = { periods: readonly CapacityPeriod[]; step: CapacityStep; columnWidth: number; nameWidth: number; today: string; label: string };

/** The periods' heading line of a planning grid (the schedule's, the project plan's): today marked, holidays named in the tooltip. */
export const PeriodHead = memo(function PeriodHead({ periods, step, columnWidth, nameWidth, today, label }: Props) {
  const day = dayOfDate(today);
  return (
    <div className="schedule-line schedule-head" role="row">
      <div className="schedule-name" style={{ width: nameWidth }} role="columnheader">
        {label}
      </div>
      {periods.map((p) => {
        const heading = periodHeading(p, step);
        const isToday = holdsDay(p, day);
        const title = [heading.title, ...p.holidays.map(holidayLine)].join('\n');
        return (
          <div key={p.key} className={`schedule-period${isToday ? ' is-today' : ''}`} style={{ width: columnWidth }} role="columnheader" data-tip={title} aria-label={title}>
            <span>
              {heading.top}
              {p.holidays.length > 0 ? <i className="holiday-mark" aria-hidden="true" /> : null}
            </span>
            <strong>{heading.bottom}</strong>
          </div>
        );
      })}
    </div>
  );
});
