import { Tooltip } from 'antd';
import type { Assignment } from '../../../domain/entities.ts';
import { monthDay, percent, shortDate } from '../../lib/format.ts';
import { allocationColor, barGeometry, barHeight, nowOffset, type TimelineWindow } from './timeline.ts';

export const WEEK_WIDTH = 56;

/** The week labels across the top of the timeline column. */
export function WeekHeader({ window, now }: { window: TimelineWindow; now: Date }) {
  const today = nowOffset(now, window);
  return (
    <div style={{ position: 'relative', width: window.weeks.length * WEEK_WIDTH, display: 'flex' }} data-testid="week-header">
      {window.weeks.map((week) => (
        <div key={week} style={{ width: WEEK_WIDTH, fontSize: 11, fontWeight: 500, color: '#64748b', whiteSpace: 'nowrap' }}>
          {monthDay(new Date(week).toISOString())}
        </div>
      ))}
      {today !== null ? (
        <span style={{ position: 'absolute', left: `${today}%`, top: -14, transform: 'translateX(-50%)', fontSize: 10, color: '#dc2626', fontWeight: 600 }}>
          Today
        </span>
      ) : null}
    </div>
  );
}

/** One engineer's assignments on the week grid, sorted by start; bars sized and coloured by allocation. */
export function CapacityTimeline({ assignments, window, now }: { assignments: readonly Assignment[]; window: TimelineWindow; now: Date }) {
  const width = window.weeks.length * WEEK_WIDTH;
  const today = nowOffset(now, window);
  const visible = assignments
    .map((a) => ({ a, geometry: barGeometry(a, window) }))
    .filter((x): x is { a: Assignment; geometry: NonNullable<ReturnType<typeof barGeometry>> } => x.geometry !== null);

  return (
    <div
      style={{
        position: 'relative',
        width,
        minHeight: 36,
        padding: '4px 0',
        backgroundImage: `repeating-linear-gradient(to right, #eef2f7 0, #eef2f7 1px, transparent 1px, transparent ${WEEK_WIDTH}px)`,
        borderRadius: 6,
      }}
      data-testid="capacity-timeline"
    >
      {today !== null ? (
        <div style={{ position: 'absolute', top: 0, bottom: 0, left: `${today}%`, width: 2, background: '#fca5a5', zIndex: 1 }} aria-hidden="true" />
      ) : null}
      {visible.length === 0 ? (
        <div style={{ fontSize: 12, color: '#94a3b8', padding: '6px 8px', position: 'relative', zIndex: 2 }}>No assignments in this period</div>
      ) : (
        visible.map(({ a, geometry }) => (
          <div key={a._id} style={{ position: 'relative', height: 30, zIndex: 2 }}>
            <Tooltip
              title={
                <div style={{ lineHeight: 1.5 }}>
                  <div style={{ fontWeight: 600 }}>{a.projectId.name}</div>
                  <div>{a.role}</div>
                  <div>{percent(a.allocationPercentage)} allocation</div>
                  <div>
                    {shortDate(a.startDate)} - {shortDate(a.endDate)}
                  </div>
                </div>
              }
            >
              <div
                data-allocation={a.allocationPercentage}
                style={{
                  position: 'absolute',
                  left: `${geometry.left}%`,
                  width: `max(${geometry.width}%, 6px)`,
                  top: (30 - barHeight(a.allocationPercentage)) / 2,
                  height: barHeight(a.allocationPercentage),
                  background: allocationColor(a.allocationPercentage),
                  borderRadius: `${geometry.clippedStart ? 0 : 6}px ${geometry.clippedEnd ? 0 : 6}px ${geometry.clippedEnd ? 0 : 6}px ${geometry.clippedStart ? 0 : 6}px`,
                  color: a.allocationPercentage > 50 ? '#fff' : '#0f172a',
                  fontSize: barHeight(a.allocationPercentage) < 18 ? 10 : 11,
                  fontWeight: 500,
                  lineHeight: `${barHeight(a.allocationPercentage)}px`,
                  padding: '0 6px',
                  overflow: 'hidden',
                  whiteSpace: 'nowrap',
                  textOverflow: 'ellipsis',
                  cursor: 'default',
                  boxShadow: '0 1px 2px rgba(15,23,42,0.12)',
                }}
              >
                {a.projectId.name} · {percent(a.allocationPercentage)}
              </div>
            </Tooltip>
          </div>
        ))
      )}
    </div>
  );
}
