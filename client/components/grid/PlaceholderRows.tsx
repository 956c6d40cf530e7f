import { Button, Tag } from 'antd';
import type { Placeholder, Project } from '../../../domain/entities.ts';
import { percent, shortDate } from '../../lib/format.ts';
import { barGeometry, type ScheduleAxis } from './axis.ts';

import { OPEN_ROLES_BORDER, OPEN_ROLES_HEADER as HEADER_HEIGHT, OPEN_ROLES_LINE as LINE_HEIGHT, openRolesHeight, openRolesLabel, openRolesSummary } from './openRolesLayout.ts';
import { backgrounds, borderColors, planningMarks, textColors } from '../palette.ts';

/** Placeholders by project (projects by name), each project's by start. */
export function placeholderGroups(placeholders: readonly Placeholder[], projects: ReadonlyMap<string, Pick<Project, 'name'>>) {
  const groups = new Map<string, Placeholder[]>();
  for (const p of placeholders) {
    const list = groups.get(p.projectId);
    if (list) list.push(p);
    else groups.set(p.projectId, [p]);
  }
  return [...groups]
    .map(([projectId, list]) => ({ projectId, name: projects.get(projectId)?.name ?? 'A project', placeholders: list.sort((a, b) => a.startDate.localeCompare(b.startDate)) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
export type PlaceholderGroup = ReturnType<typeof placeholderGroups>[number];

/** How tall the block is, for the rows below it: its header, and when open a line per project and per placeholder. */
export const placeholderBlockHeight = (groups: readonly PlaceholderGroup[], open: boolean) =>
  openRolesHeight(groups.length, groups.reduce((sum, g) => sum + g.placeholders.length, 0), open);

type Props = {
  groups: readonly PlaceholderGroup[];
  tentativeProjects: ReadonlySet<string>;
  axis: ScheduleAxis;
  timeZone: string;
  nameWidth: number;
  open: boolean;
  canPlan: boolean;
  onToggle: () => void;
  onFill: (p: Placeholder) => void;
};

/** An open role's bar over its dates, dashed: demand without a person (no drag: it is filled, not moved). */
export function PlaceholderBar({ placeholder: p, projectName, axis, timeZone, top = 3 }: { placeholder: Placeholder; projectName: string; axis: ScheduleAxis; timeZone: string; top?: number }) {
  const geometry = barGeometry(p, axis, timeZone);
  if (!geometry) return null;
  return (
    <div
      className="schedule-bar"
      style={{ left: geometry.left, width: Math.max(geometry.width, 6), top, color: planningMarks.placeholderBar.color, background: planningMarks.placeholderBar.background, border: `1px dashed ${planningMarks.placeholderBar.border}`, boxShadow: 'none' }}
      data-testid="placeholder-bar"
      data-tip={`${p.role} on ${projectName}\n${p.skills.join(', ') || 'Any skills'}\n${percent(p.allocationPercentage)} · ${shortDate(p.startDate)} - ${shortDate(p.endDate)}`}
    >
      {percent(p.allocationPercentage)} · {p.role} · {projectName}
    </div>
  );
}

/** The block's lines in order: one per open role, by project, each as tall on the names side as on the bars side. */
type Line = { key: string; group: PlaceholderGroup; placeholder: Placeholder };

const linesOf = (groups: readonly PlaceholderGroup[]): Line[] =>
  groups.flatMap((group) => group.placeholders.map((placeholder) => ({ key: placeholder._id, group, placeholder })));

/**
 * Demand without a person, above the engineers: a line per open role, its project named on it, with a
 * bar over its dates on the same axis as the cells, and Fill to offer the engineers free for those
 * dates. As in the grid, the names are one sticky column beside the bars, not a sticky cell per line.
 */
export function PlaceholderRows({ groups, tentativeProjects, axis, timeZone, nameWidth, open, canPlan, onToggle, onFill }: Props) {
  if (groups.length === 0) return null;
  const count = groups.reduce((sum, g) => sum + g.placeholders.length, 0);
  const lines = open ? linesOf(groups) : [];
  const narrow = nameWidth < 160;
  return (
    <div style={{ background: backgrounds.warning, borderBottom: `${OPEN_ROLES_BORDER}px solid ${borderColors.warning}` }} data-testid="schedule-placeholders">
      {/* Inside the schedule's grid: every line is a row of cells (the names column and the bars beside it each a row of their own). */}
      <div className="schedule-line" style={{ height: HEADER_HEIGHT, background: 'inherit' }} role="row">
        <div className="schedule-name" style={{ width: nameWidth, fontSize: 12, fontWeight: 600, color: textColors.placeholderRow, whiteSpace: 'nowrap', overflow: 'hidden' }} role="rowheader">
          <button type="button" className="schedule-toggle" onClick={onToggle} aria-expanded={open} aria-label={open ? 'Hide open roles' : 'Show open roles'} data-testid="placeholders-toggle" />
          {openRolesLabel(count, narrow)}
        </div>
        <div style={{ display: 'flex', alignItems: 'center', paddingLeft: 8, fontSize: 12, color: textColors.placeholderRow, whiteSpace: 'nowrap' }} role="gridcell">
          {open ? null : openRolesSummary(count, groups.length)}
        </div>
      </div>
      {open ? (
        <div className="schedule-body">
          <div className="schedule-names" style={{ width: nameWidth, background: 'inherit' }}>
            {lines.map(({ key, group, placeholder }) => (
              <div
                key={key}
                className="schedule-name"
                style={{ position: 'static', height: LINE_HEIGHT, paddingLeft: narrow ? 8 : 28, borderRight: 0 }}
                data-testid="placeholder-row"
                data-role={placeholder.role}
                data-project={group.name}
                role="row"
              >
                <div role="rowheader" style={{ display: 'contents' }}>
                  <span className="schedule-person" style={{ flex: 1 }} title={`${placeholder.role} on ${group.name}: ${placeholder.skills.join(', ') || 'any skills'}`}>
                    <span className="name" style={{ fontWeight: 500, fontSize: 12 }}>
                      {placeholder.role}
                      {narrow ? null : <span style={{ fontWeight: 400, color: textColors.placeholderRow }}> · {group.name}</span>}
                    </span>
                  </span>
                  {tentativeProjects.has(group.projectId) && !narrow ? (
                    <Tag color="purple" style={{ marginInlineEnd: 0, fontSize: 10, lineHeight: '16px' }}>
                      Tentative
                    </Tag>
                  ) : null}
                  {canPlan ? (
                    <Button size="small" onClick={() => onFill(placeholder)} data-testid="placeholder-fill" aria-label={`Fill ${placeholder.role} on ${group.name}`} style={{ height: 22, fontSize: 12 }}>
                      Fill
                    </Button>
                  ) : null}
                </div>
              </div>
            ))}
          </div>
          <div style={{ width: axis.width, flex: 'none' }}>
            {lines.map(({ key, group, placeholder }) => (
              <div key={key} style={{ position: 'relative', height: LINE_HEIGHT }} role="row" aria-label={`${placeholder.role} on ${group.name}`}>
                <div role="gridcell" style={{ display: 'contents' }}>
                  <PlaceholderBar placeholder={placeholder} projectName={group.name} axis={axis} timeZone={timeZone} />
                </div>
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
