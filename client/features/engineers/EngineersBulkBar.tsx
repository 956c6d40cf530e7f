import { CloseOutlined, ScheduleOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
import { useActorRef, useMachine } from '@xstate/react';
import { Alert, Button, Form, Input, InputNumber, message as messageApi, Select, Space, Typography } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { Modal } from '../../components/Modal.tsx';
import { selectAllTitle } from '../../components/SelectAllTitle.tsx';
import { commandIdOf } from '../../lib/api.ts';
import { bulkChangeEngineers } from './engineersBulkApi.ts';
import { plural } from '../../lib/format.ts';
import { undoCommand } from '../planning/index.ts';
import { todayDate } from '../../lib/weeks.ts';
import { type BulkAction, type EngineersBulkContext, type EngineersBulkEvent, engineersBulkMachine } from './engineersBulk.machine.ts';
import { undoMachine } from '../../machines/undo.machine.ts';
import { loadCollections } from '../../stores/plan.ts';
import { useFollowCalendarInBulk } from './FollowCalendarInBulk.tsx';

type TeamOption = { value: string; label: string };

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The change's name on its button, in the dialog's title and in the message after it. */
const actionText: Record<BulkAction, { button: string; title: (who: string) => string; ok: (who: string) => string }> = {
  team: { button: 'Set team', title: (who) => `Set the team of ${who}`, ok: (who) => `Set team for ${who}` },
  workWeek: { button: 'Set work week', title: (who) => `Set the work week of ${who}`, ok: (who) => `Set work week for ${who}` },
  deactivate: { button: 'Deactivate', title: (who) => `Deactivate ${who}`, ok: (who) => `Deactivate ${who}` },
};

/** What the message after a change says, with the figures the server answered. */
export function changedText(action: BulkAction, count: number, changed: number, from: string, teamName: string | undefined): string {
  const who = plural(count, 'engineer');
  const already = changed < count ? ` (${count - changed} had it already)` : '';
  switch (action) {
    case 'team':
      return `${who} moved to ${teamName ?? 'the team'} from ${from}${already}`;
    case 'workWeek':
      return `${who} work the new week from ${from}${already}`;
    case 'deactivate':
      return `${who} leave on ${from}: no capacity from that day${already}`;
  }
}

/**
 * The Engineers directory's bulk changes: the rows' selection (of any size: "select all" takes every
 * engineer the filter matches, on every page), the bar above the table (set team, follow a calendar,
 * set a work week, deactivate), the dialog that confirms how many people a change is about, and the
 * message after it with one Undo for the whole change. `shown` is the directory's rows as filtered;
 * `outOfReach` says why a scoped manager may not change someone (their rows cannot be chosen).
 */
export function useEngineersBulk<P extends { _id: string }>({ shown, teamOptions, outOfReach }: {
  shown: readonly P[];
  teamOptions: readonly TeamOption[];
  outOfReach: (person: P) => string | null;
}) {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;

  const undo = useActorRef(undoMachine.provide({ actors: { undo: fromPromise(({ input }) => undoCommand(input.commandId)) } }));
  useEffect(() => {
    const subscriptions = [
      undo.on('undone', ({ entry }) => {
        void messageRef.current.success({ key: entry.commandId, content: <span data-testid="bulk-undone">Undone: {entry.label}</span> });
        void loadCollections(['engineers']);
      }),
      undo.on('failed', ({ entry, message: text }) => void messageRef.current.error({ key: entry.commandId, content: text, duration: 6 })),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [undo]);
  const offerUndo = (said: string, commandId: string | undefined) => {
    if (!commandId) return void messageRef.current.success(said);
    undo.send({ type: 'RECORD', entry: { commandId, label: said } });
    void messageRef.current.success({
      key: commandId,
      // Longer than a single edit's message: a change to many people is worth the time to look at it first.
      duration: 30,
      content: (
        <span data-testid="bulk-done">
          {said}{' '}
          <Button size="small" type="link" onClick={() => undo.send({ type: 'UNDO_ONE', commandId })} data-testid="bulk-undo">
            Undo
          </Button>
        </span>
      ),
    });
  };

  const [state, send, actor] = useMachine(
    engineersBulkMachine.provide({
      actors: {
        change: fromPromise(async ({ input }) => {
          const answer = await bulkChangeEngineers(input.ids, input.change);
          return { changed: answer.results.filter((r) => r.status === 'changed').length, commandId: commandIdOf(answer) };
        }),
      },
    }),
  );
  const teamNameRef = useRef<(id: string | undefined) => string | undefined>(() => undefined);
  teamNameRef.current = (id) => teamOptions.find((t) => t.value === id)?.label;
  useEffect(() => {
    const subscription = actor.on('changed', ({ action, count, changed, commandId, request }) => {
      offerUndo(changedText(action, count, changed, request.change.from, teamNameRef.current(request.change.teamId)), commandId);
      // The live feed brings each engineer's change too; one read of the list has them all at once.
      void loadCollections(['engineers']);
    });
    return () => subscription.unsubscribe();
    // offerUndo reads only refs and the undo actor, both stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);

  const shownIds = useMemo(() => shown.filter((e) => !outOfReach(e)).map((e) => e._id), [shown, outOfReach]);
  // A new filter keeps only the chosen engineers it still lists.
  useEffect(() => send({ type: 'KEEP_ONLY', ids: shownIds }), [shownIds, send]);

  const { selected } = state.context;
  const following = useFollowCalendarInBulk({
    selected,
    onDone: ({ said, commandId }) => {
      send({ type: 'CLEAR' });
      offerUndo(said, commandId);
    },
  });

  return {
    rowSelection: {
      selectedRowKeys: selected,
      // The header's box chooses the page's rows; the rows of other pages stay chosen.
      preserveSelectedRowKeys: true,
      onChange: (keys: Key[]) => send({ type: 'SELECT', ids: keys.map(String) }),
      getCheckboxProps: (person: P) => ({ disabled: outOfReach(person) !== null }),
      columnWidth: 32,
      columnTitle: selectAllTitle,
    },
    bar: <EngineersBulkBar count={selected.length} matching={shownIds.length} busy={!state.matches('idle')} send={send} followButton={following.button} onSelectAll={() => send({ type: 'SELECT_ALL', ids: shownIds })} />,
    dialogs: (
      <>
        {messageHolder}
        {following.dialog}
        <BulkChangeDialog
          open={!state.matches('idle')}
          saving={state.matches('saving')}
          context={state.context}
          teamOptions={teamOptions}
          send={send}
        />
      </>
    ),
  };
}

type BarProps = {
  count: number;
  /** How many engineers the filter matches (on every page). */
  matching: number;
  busy: boolean;
  send: (event: EngineersBulkEvent) => void;
  followButton: ReactNode;
  onSelectAll: () => void;
};

/** Above the directory: how many are chosen, choosing all that match, and the changes for them. */
export function EngineersBulkBar({ count, matching, busy, send, followButton, onSelectAll }: BarProps) {
  const choose = (action: BulkAction) => send({ type: 'CHOOSE', action, from: todayDate(new Date()) });
  const none = count === 0;
  return (
    <div role="toolbar" aria-label="Change the chosen engineers" data-testid="engineers-bulk-bar"
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '12px 20px 0' }}>
      <Typography.Text strong={!none} type={none ? 'secondary' : undefined} data-testid="bulk-selected">
        {none ? 'Choose engineers to change them together' : `${plural(count, 'engineer')} chosen`}
      </Typography.Text>
      {count < matching ? (
        <Button size="small" type="link" onClick={onSelectAll} data-testid="bulk-select-all">
          Select all {matching} matching
        </Button>
      ) : null}
      <Space wrap size={8} style={{ marginInlineStart: 'auto' }}>
        <Button icon={<TeamOutlined />} disabled={none || busy} onClick={() => choose('team')} data-testid="bulk-set-team">
          {actionText.team.button}
        </Button>
        {followButton}
        <Button icon={<ScheduleOutlined />} disabled={none || busy} onClick={() => choose('workWeek')} data-testid="bulk-work-week">
          {actionText.workWeek.button}
        </Button>
        <Button danger icon={<StopOutlined />} disabled={none || busy} onClick={() => choose('deactivate')} data-testid="bulk-deactivate">
          {actionText.deactivate.button}
        </Button>
        <Button type="text" icon={<CloseOutlined />} disabled={none || busy} onClick={() => send({ type: 'CLEAR' })} data-testid="bulk-clear">
          Clear
        </Button>
      </Space>
    </div>
  );
}

type DialogProps = {
  open: boolean;
  saving: boolean;
  context: EngineersBulkContext;
  teamOptions: readonly TeamOption[];
  send: (event: EngineersBulkEvent) => void;
};

/** The confirm step: what the change is, from when, and how many people it is about. All of them or none. */
export function BulkChangeDialog({ open, saving, context, teamOptions, send }: DialogProps) {
  const { action, selected, teamId, workWeek, from, error } = context;
  if (!action) return null;
  const who = plural(selected.length, 'engineer');
  const text = actionText[action];
  return (
    <Modal
      open={open}
      title={text.title(who)}
      onCancel={() => send({ type: 'CANCEL' })}
      onOk={() => send({ type: 'CONFIRM' })}
      okText={text.ok(who)}
      okButtonProps={{ loading: saving, danger: action === 'deactivate', ...({ 'data-testid': 'bulk-confirm' } as Record<string, string>) }}
      cancelButtonProps={{ disabled: saving }}
      closable={!saving}
      destroyOnHidden
      data-testid="bulk-dialog"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="bulk-error" /> : null}
      <Form layout="vertical" disabled={saving} onFinish={() => send({ type: 'CONFIRM' })}>
        {action === 'team' ? (
          <Form.Item label="Team" required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              value={teamId ?? undefined}
              options={[...teamOptions]}
              onChange={(value?: string) => send({ type: 'SET_TEAM', teamId: value ?? null })}
              placeholder="Choose the team"
              notFoundContent="No teams yet: make one on the Teams screen"
              data-testid="bulk-team"
            />
          </Form.Item>
        ) : null}
        {action === 'workWeek' ? (
          <Form.Item label="Each day's capacity (%)" required>
            <Space wrap size={6}>
              {DAYS.map((day, index) => (
                <InputNumber
                  key={day}
                  min={0}
                  max={100}
                  precision={0}
                  value={workWeek[index]}
                  onChange={(value) => send({ type: 'SET_DAY', index, value: typeof value === 'number' ? value : 0 })}
                  prefix={day}
                  aria-label={`${day} capacity`}
                  style={{ width: 104 }}
                  data-testid={`bulk-day-${index}`}
                />
              ))}
            </Space>
          </Form.Item>
        ) : null}
        <Form.Item
          label={action === 'deactivate' ? 'Leave date' : 'From'}
          required
          extra={action === 'deactivate'
            ? 'They have no capacity from this day; their past stays. Reactivate someone by clearing their leave date.'
            : 'Days before keep what each engineer had then.'}
        >
          <Input type="date" value={from} onChange={(e) => send({ type: 'SET_FROM', from: e.target.value })} data-testid="bulk-from" />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary" data-testid="bulk-summary">
        This changes {who} in one step: all of them or none. One Undo reverses it.
      </Typography.Text>
    </Modal>
  );
}
