import { useSelector } from '@xstate/react';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { type BarDragActor, dragText } from './AssignmentLanes.tsx';
import { palette, textColors } from '../palette.ts';

/**
 * What a drag in progress does, above a planning grid, in the place of `children` (the legend) while
 * it lasts: rows have no line of their own for it, and a line that came and went would move the rows
 * under the pointer.
 */
export function DragPreviewOr({ drag, children }: { drag: BarDragActor; children: ReactNode }) {
  const preview = useSelector(
    drag,
    (s) => (s.matches('dragging') && s.context.dates ? { impact: s.context.impact, dates: s.context.dates, target: s.context.target } : null),
    (x, y) => x?.impact === y?.impact && x?.dates === y?.dates && x?.target === y?.target,
  );
  if (!preview) return children;
  const overloaded = preview.impact?.overloaded === true;
  return (
    <Typography.Text
      ellipsis
      style={{ fontSize: 12, lineHeight: '18px', color: overloaded ? palette.danger : textColors.body, fontWeight: overloaded ? 600 : 500, maxWidth: '100%' }}
      data-testid="drag-preview-line"
    >
      {dragText(preview)}
    </Typography.Text>
  );
}
