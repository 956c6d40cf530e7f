import { useVirtualizer } from '@tanstack/react-virtual';
import { Tag } from 'antd';
import { type CSSProperties, memo, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ProjectPlanResponse } from '../../../domain/capacity/project-plan-query.ts';
import type { CapacityStep } from '../../../domain/capacity/inputs.ts';
import { gridVariables } from '../../components/grid/cellLook.ts';
import { GridTip } from '../../components/grid/GridTip.tsx';
import { PeriodHead } from '../../components/grid/PeriodHead.tsx';
import { capitalize } from '../../lib/format.ts';
import { pageTextMeasure } from '../../lib/textMeasure.ts';
import { type Measure, planCellLines, planCellLook, planRowSummary, textWidth } from './planLook.ts';
import './project-plan.css';

export const PLAN_ROW_HEIGHT = 45;
const HEAD_HEIGHT = 44;
const TOTALS_HEIGHT = 50;

type Row = ProjectPlanResponse['rows'][number];
type Cell = Row['periods'][number];

type Props = {
  plan: ProjectPlanResponse;
  step: CapacityStep;
  columnWidth: number;
  nameWidth: number;
  today: string;
  isOpen: (projectId: string) => boolean;
  onToggle: (projectId: string) => void;
  /** How tall an open project's bars are. */
  detailsHeightOf: (projectId: string) => number;
  /** An open project's assignments and open roles, as bars. */
  renderDetails: (projectId: string) => ReactNode;
};

/** A cell's padding on either side (project-plan.css): what is left of the column is the figures' room. */
const CELL_PADDING = 5;

type CellsProps = { cells: readonly Cell[]; width: number; includeTentative: boolean; measure: Measure; totals?: boolean };

const PlanCells = memo(function PlanCells({ cells, width, includeTentative, measure, totals = false }: CellsProps) {
  const room = width - 2 * CELL_PADDING;
  return (
    <div className="plan-cells">
      {cells.map((cell, p) => {
        const look = planCellLook(cell, includeTentative, room, totals, measure);
        return (
          <div key={cell.key} className={`plan-cell t-${look.tone}`} style={{ width }} role="gridcell" data-p={p} data-testid="plan-cell" data-staffed={cell.staffed} data-demand={cell.demand} data-tentative={cell.tentative}>
            {look.lines.map((line) => (
              <span key={line.kind} className={`fig ${line.kind}`} data-kind={line.kind}>
                {line.text}
              </span>
            ))}
            {look.bars.length > 0 ? (
              <span className="ask" aria-hidden="true">
                {look.bars.map((bar) => (
                  <i key={bar.color} style={{ width: `${bar.percent}%`, background: bar.color }} />
                ))}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
});

/**
 * The project plan's grid: projects down, periods across, in one scroll area with the period headings
 * and totals stuck to its top and the names to its left, as on the schedule. Only the rows in view are
 * in the page, so 400 projects scroll as smoothly as ten.
 */
export function ProjectPlanGrid({ plan, step, columnWidth, nameWidth, today, isOpen, onToggle, detailsHeightOf, renderDetails }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Figures are fitted to their column in the font the grid prints them in (the theme's, not the
  // body's), known once the grid is in the page: measured then, before it is painted.
  const [measure, setMeasure] = useState<Measure>(() => textWidth);
  useLayoutEffect(() => {
    const measured = scrollRef.current ? pageTextMeasure(getComputedStyle(scrollRef.current).fontFamily) : null;
    if (measured) setMeasure(() => measured);
  }, []);
  const rows = plan.rows;
  const periodsWidth = plan.periods.length * columnWidth;
  const estimateSize = useCallback(
    (index: number) => {
      const id = rows[index]?.project._id;
      return PLAN_ROW_HEIGHT + (id && isOpen(id) ? detailsHeightOf(id) : 0);
    },
    [rows, isOpen, detailsHeightOf],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.project._id ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 6,
    useFlushSync: false,
    scrollMargin: HEAD_HEIGHT + TOTALS_HEIGHT,
    getItemKey,
  });
  // Heights come from the data: a project opened or closed, or new data, re-lays the rows out.
  useEffect(() => virtualizer.measure(), [virtualizer, estimateSize]);

  const byId = useMemo(() => new Map(rows.map((row) => [row.project._id, row])), [rows]);
  const describe = useCallback(
    (target: HTMLElement) => {
      if (target.dataset.tip !== undefined) return target.dataset.tip;
      const row = byId.get(target.closest<HTMLElement>('[data-project-id]')?.dataset.projectId ?? '');
      const cell = row?.periods[Number(target.dataset.p)];
      return cell ? planCellLines(cell, plan.includeTentative).join('\n') : '';
    },
    [byId, plan.includeTentative],
  );

  const lines = virtualizer.getVirtualItems().map((item) => {
    const row = rows[item.index]!;
    return { key: item.key, row, top: item.start - virtualizer.options.scrollMargin, height: item.size, open: isOpen(row.project._id) };
  });
  return (
    <div ref={scrollRef} className="schedule-scroll" role="grid" aria-rowcount={rows.length} aria-label="Project plan" data-testid="plan-grid" style={gridVariables(columnWidth) as CSSProperties}>
      <div style={{ width: nameWidth + periodsWidth, minWidth: '100%', position: 'relative' }}>
        <PeriodHead periods={plan.periods} step={step} columnWidth={columnWidth} nameWidth={nameWidth} today={today} label="Project" />
        <div className="schedule-line schedule-totals" role="row" data-testid="plan-totals">
          <div className="schedule-name" style={{ width: nameWidth }} role="rowheader">
            Totals
          </div>
          <PlanCells cells={plan.totals.map((t) => ({ ...t, people: [] }))} width={columnWidth} includeTentative={plan.includeTentative} measure={measure} totals />
        </div>
        <div className="schedule-body" style={{ height: virtualizer.getTotalSize() }}>
          <div className="schedule-names" style={{ width: nameWidth }}>
            {lines.map(({ key, row, top, height, open }) => (
              <ProjectName key={key} row={row} top={top} height={height} open={open} onToggle={onToggle} includeTentative={plan.includeTentative} />
            ))}
          </div>
          <div className="schedule-rows" style={{ width: periodsWidth }}>
            {lines.map(({ key, row, top, height, open }) => (
              <div
                key={key}
                className="schedule-row"
                style={{ transform: `translateY(${top}px)`, width: periodsWidth, height }}
                role="row"
                aria-label={row.project.name}
                data-testid="plan-row"
                data-project={row.project.name}
                data-project-id={row.project._id}
              >
                <PlanCells cells={row.periods} width={columnWidth} includeTentative={plan.includeTentative} measure={measure} />
                {open ? renderDetails(row.project._id) : null}
              </div>
            ))}
          </div>
        </div>
      </div>
      <GridTip container={scrollRef} describe={describe} />
    </div>
  );
}

type NameProps = { row: Row; top: number; height: number; open: boolean; onToggle: (id: string) => void; includeTentative: boolean };

/** Staffed over the window, beside the name: how much of the project's work has people, counted as its cells count it. */
const ProjectName = memo(function ProjectName({ row, top, height, open, onToggle, includeTentative }: NameProps) {
  const p = row.project;
  const summary = planRowSummary(row.periods, includeTentative);
  return (
    <div className="schedule-name-cell" style={{ transform: `translateY(${top}px)`, height }} role="row" aria-label={p.name} data-testid="plan-name" data-project={p.name} data-project-id={p._id}>
      {/* The name column stays in view apart from the periods: the name is a row of its own, one header cell. */}
      <div className="schedule-name" role="rowheader">
        <button
          type="button"
          className="schedule-toggle"
          onClick={() => onToggle(p._id)}
          aria-expanded={open}
          aria-label={`${open ? 'Close' : 'Open'} ${p.name}'s assignments and open roles`}
          data-testid="plan-toggle"
        />
        <span className="schedule-person" style={{ flex: 1 }}>
          <span className="name" title={p.name}>
            {p.name}
          </span>
          <span className="sub">
            {capitalize(p.status)}
            {p.tentative ? (
              <Tag color="purple" style={{ marginInlineStart: 6, fontSize: 10, lineHeight: '14px' }}>
                Tentative
              </Tag>
            ) : null}
          </span>
        </span>
        <span className="plan-row-sum" data-tip={summary.tip} data-testid="plan-row-sum">
          {summary.lines.map((line) => (
            <span key={line.kind} className={`fig ${line.kind}`} data-kind={line.kind}>
              {line.text}
            </span>
          ))}
        </span>
      </div>
    </div>
  );
});
