import { CalendarOutlined } from '@ant-design/icons';
import { Spin, Typography } from 'antd';
import { DragPreviewOr } from '../../components/grid/DragPreviewOr.tsx';
import { palette } from '../../components/palette.ts';
import type { useScheduleWrites } from '../planning/index.ts';
import type { ScheduleData } from './schedule.machine.ts';
import { ScheduleLegend } from './ScheduleLegend.tsx';
import { gridSummary } from './scheduleText.ts';

type Props = {
  grid: ScheduleData['grid'] | null;
  /** Something is loading over a grid already shown. */
  busy: boolean;
  drag: ReturnType<typeof useScheduleWrites>['drag'];
  compact: boolean;
  /** The legend of recorded actuals rather than plan. */
  actual: boolean;
};

/** The card's top line: who and when the grid shows, and the legend (or, while a bar is dragged, its new dates). */
export function ScheduleCardHeader({ grid, busy, drag, compact, actual }: Props) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: compact ? 4 : 12, alignItems: 'center', justifyContent: 'space-between', padding: compact ? '8px 12px' : '10px 16px' }}>
      <Typography.Text strong data-testid="schedule-summary">
        <CalendarOutlined style={{ color: palette.primary, marginRight: 8 }} />
        {grid ? gridSummary(grid) : 'Loading the schedule...'}
        {busy && grid ? <Spin size="small" style={{ marginLeft: 10 }} /> : null}
      </Typography.Text>
      <div style={{ minHeight: 20, display: 'flex', alignItems: 'center', minWidth: 0, maxWidth: '100%' }}>
        <DragPreviewOr drag={drag}>
          <ScheduleLegend compact={compact} actual={actual} />
        </DragPreviewOr>
      </div>
    </div>
  );
}
