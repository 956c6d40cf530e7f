import { Button, Tag } from 'antd';
import type { Placeholder, Project } from '../../../domain/entities.ts';
import { percent, plural, shortDate } from '../../lib/format.ts';
import { barGeometry, type ScheduleAxis } from './axis.ts';

const HEADER_HEIGHT = 36;
const PROJECT_HEIGHT = 28;
const LINE_HEIGHT = 36;

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
  groups.length === 0 ? 0 : HEADER_HEIGHT + (open ? groups.reduce((sum, g) => sum + PROJECT_HEIGHT + g.placeholders.length * LINE_HEIGHT, 0) : 0);

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

/**
 * Demand without a person, above the engineers: under each project its open roles, each a bar over
 * its dates on the same axis as the cells, with Fill to offer the engineers free for those dates.
 */
export function PlaceholderRows({ groups, tentativeProjects, axis, timeZone, nameWidth, open, canPlan, onToggle, onFill }: Props) {
  if (groups.length === 0) return null;
  const count = groups.reduce((sum, g) => sum + g.placeholders.length, 0);
  return (
    <div style={{ background: '#fffbeb', borderBottom: '2px solid #fde68a' }} data-testid="schedule-placeholders">
      <div className="schedule-line" style={{ height: HEADER_HEIGHT, background: 'inherit' }}>
        <div className="schedule-name" style={{ width: nameWidth, fontSize: 12, fontWeight: 600, color: '#92400e', whiteSpace: 'nowrap' }}>
          <button type="button" className="schedule-toggle" onClick={onToggle} aria-expanded={open} aria-label={open ? 'Hide open roles' : 'Show open roles'} />
          Open roles · {count}
        </div>
        <div style={{ display: 'flex', alignItems: 'center', paddingLeft: 8, fontSize: 12, color: '#92400e' }}>
          {open ? null : `${plural(count, 'placeholder')} in ${plural(groups.length, 'project')}: demand without a person`}
        </div>
      </div>
      {open
        ? groups.map((group) => (
            <div key={group.projectId} data-testid="placeholder-project" data-project={group.name}>
              <div className="schedule-line" style={{ height: PROJECT_HEIGHT, background: 'inherit' }}>
                <div className="schedule-name" style={{ width: nameWidth, fontSize: 12, fontWeight: 600, paddingLeft: 12 }}>
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{group.name}</span>
                  {tentativeProjects.has(group.projectId) ? (
                    <Tag color="purple" style={{ marginInlineEnd: 0, fontSize: 10, lineHeight: '16px' }}>
                      Tentative
                    </Tag>
                  ) : null}
                </div>
              </div>
              {group.placeholders.map((p) => {
                const geometry = barGeometry(p, axis, timeZone);
                return (
                  <div key={p._id} className="schedule-line" style={{ height: LINE_HEIGHT, background: 'inherit' }} data-testid="placeholder-row" data-role={p.role}>
                    <div className="schedule-name" style={{ width: nameWidth, paddingLeft: 20 }}>
                      <span className="schedule-person" style={{ flex: 1 }}>
                        <span className="name" style={{ fontWeight: 500 }}>
                          {p.role}
                        </span>
                        <span className="sub">{p.skills.join(', ') || 'Any skills'}</span>
                      </span>
                      {canPlan ? (
                        <Button size="small" onClick={() => onFill(p)} data-testid="placeholder-fill" aria-label={`Fill ${p.role} on ${group.name}`}>
                          Fill
                        </Button>
                      ) : null}
                    </div>
                    <div style={{ position: 'relative', width: axis.width, flex: 'none' }}>
                      {geometry ? (
                        <div
                          className="schedule-bar"
                          style={{
                            left: geometry.left,
                            width: Math.max(geometry.width, 6),
                            top: 7,
                            color: '#78350f',
                            background: '#fde68a',
                            border: '1px dashed #d97706',
                            boxShadow: 'none',
                          }}
                          data-tip={`${p.role} on ${group.name}\n${percent(p.allocationPercentage)} · ${shortDate(p.startDate)} - ${shortDate(p.endDate)}`}
                        >
                          {percent(p.allocationPercentage)} · {p.role}
                        </div>
                      ) : null}
                    </div>
                  </div>
                );
              })}
            </div>
          ))
        : null}
    </div>
  );
}
