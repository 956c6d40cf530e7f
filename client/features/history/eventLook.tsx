import { Tag } from 'antd';
import { entityLabels, eventTypeLabel } from './query.ts';
import type { EntityKind } from './historyApi.ts';

/** The colour of an event type's tag: creations green, removals red, status moves purple, edits blue. */
export function eventTypeColor(type: string): string {
  if (/Created$|Registered$/.test(type)) return 'green';
  if (/Removed$/.test(type)) return 'red';
  if (/StatusChanged$/.test(type)) return 'purple';
  return 'blue';
}

export function EventTypeTag({ type }: { type: string }) {
  return (
    <Tag color={eventTypeColor(type)} style={{ marginInlineEnd: 0 }} data-type={type}>
      {eventTypeLabel(type)}
    </Tag>
  );
}

const entityColors: Record<EntityKind, string> = { project: 'geekblue', engineer: 'cyan', assignment: 'gold', calendar: 'magenta' };

export function EntityTag({ kind }: { kind: EntityKind }) {
  return (
    <Tag color={entityColors[kind]} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {entityLabels[kind]}
    </Tag>
  );
}
