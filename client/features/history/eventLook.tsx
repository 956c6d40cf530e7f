import { Tag } from 'antd';
import { entityLabels, eventTypeLabel } from './query.ts';
import type { EntityKind } from './historyApi.ts';

/**
 * The colour of an event type's tag: creations (and accounts let in) green, removals (and accounts
 * shut out) red, status moves purple, edits blue.
 */
export function eventTypeColor(type: string): string {
  if (/Removed$|Deactivated$|Revoked$|Withdrawn$/.test(type)) return 'red';
  if (/Created$|Registered$|Invited$|Activated$|Reactivated$|Granted$/.test(type)) return 'green';
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

const entityColors: Record<string, string> = { project: 'geekblue', engineer: 'cyan', assignment: 'gold', calendar: 'magenta', account: 'purple', team: 'green', staffing: 'orange' };
/** Entities the filter does not offer but the log may name (an account's events). */
const otherEntityLabels: Record<string, string> = { account: 'Account', team: 'Team', staffing: 'Staffing request' };

export function EntityTag({ kind }: { kind: EntityKind | string }) {
  return (
    <Tag color={entityColors[kind] ?? 'default'} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {entityLabels[kind as EntityKind] ?? otherEntityLabels[kind] ?? kind}
    </Tag>
  );
}

/** Marks an event a published proposal's change appended (resolving overloads); its reason on hover. */
export function ProposedTag({ reason }: { reason: string }) {
  return (
    <Tag color="purple" title={`Proposed: ${reason}`} data-testid="event-proposed" style={{ marginTop: 4 }}>
      proposed
    </Tag>
  );
}
