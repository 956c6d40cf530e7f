import { useMachine } from '@xstate/react';
import { Alert, Button, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { fetchActualsWeek, saveActualsWeek } from './actualsApi.ts';
import { actualsWeekMachine, canSave, type ActualsLine, type SaveInput } from './actualsWeek.machine.ts';
import { useProjects } from '../../../stores/projects.ts';

const machine = actualsWeekMachine.provide({
  actors: {
    load: fromPromise(async ({ input }: { input: { engineerId: string; week: string } }) => fetchActualsWeek(input.engineerId, input.week)),
    save: fromPromise(async ({ input }: { input: SaveInput }) =>
      saveActualsWeek(input.engineerId, input.week, {
        entries: input.entries,
        ...(input.note.trim() ? { note: input.note.trim() } : {}),
        ...(input.reason.trim() ? { reason: input.reason.trim() } : {}),
      }, input.version)),
  },
});

type Props = { engineerId: string; week: string; manager: boolean; onSaved?: () => void; /** Shown while the week is not filled (the engineer's dashboard). */ reminder?: string };

/**
 * One engineer's week of actuals: hours per project prefilled from the plan, "As planned" in one
 * click, unplanned work added with a note, Enter in any field saves. Shared by the engineer's
 * dashboard and a manager filling someone's week.
 */
export function ActualsWeekEditor({ engineerId, week, manager, onSaved, reminder }: Props) {
  const [state, send] = useMachine(machine, { input: { engineerId, week, manager } });
  const projects = useProjects();
  const [adding, setAdding] = useState<string | undefined>();
  const names = useMemo(() => new Map(projects.data.map((p) => [p._id, p.name])), [projects.data]);
  const { context } = state;
  const locked = context.answer?.locked ?? false;
  const readOnly = locked && !manager;
  const saving = state.matches('saving');
  const saveable = canSave(context);
  // A save that came back without an error: the caller may refresh what depends on the week.
  const wasSaving = useRef(false);
  useEffect(() => {
    if (wasSaving.current && !saving && !context.error) onSaved?.();
    wasSaving.current = saving;
  }, [saving, context.error, onSaved]);
  const onEnter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send({ type: 'SAVE' });
    }
  };
  if (state.matches('loading')) return <Typography.Text type="secondary">Loading {week}…</Typography.Text>;
  if (state.matches('failed')) return <Alert type="error" title={context.error} action={<Button onClick={() => send({ type: 'RELOAD' })}>Retry</Button>} />;

  const columns = [
    { title: 'Project', key: 'project', render: (_: unknown, l: ActualsLine) => <span>{names.get(l.projectId) ?? l.projectId}{l.planned === 0 ? <Tag style={{ marginInlineStart: 8 }}>Unplanned</Tag> : null}</span> },
    { title: 'Planned', key: 'planned', render: (_: unknown, l: ActualsLine) => <span className="tabular">{l.planned} h</span> },
    {
      title: 'Actual (h)', key: 'hours',
      render: (_: unknown, l: ActualsLine) => (
        <InputNumber
          min={0} max={168} step={0.5} value={l.hours} disabled={readOnly || saving}
          aria-label={`Hours on ${names.get(l.projectId) ?? l.projectId}`}
          data-testid={`actual-hours-${names.get(l.projectId) ?? l.projectId}`}
          onChange={(value) => send({ type: 'HOURS', projectId: l.projectId, hours: Number(value ?? 0) })}
          onKeyDown={onEnter}
        />
      ),
    },
  ];
  const unplanned = projects.data.filter((p) => !context.lines.some((l) => l.projectId === p._id));
  return (
    <div data-testid={`actuals-week-${week}`} data-locked={String(locked)} data-recorded={String(context.answer?.recorded ?? false)}>
      {reminder && !context.answer?.recorded && !locked ? <Alert style={{ marginBottom: 12 }} type="warning" showIcon title={reminder} data-testid="actuals-reminder" /> : null}
      {locked ? (
        <Alert style={{ marginBottom: 12 }} type={manager ? 'warning' : 'info'} data-testid="actuals-locked"
          title={manager ? `Week ${week} is locked: say why you change it` : `Week ${week} is locked: ask a manager to change it`} />
      ) : null}
      <Table<ActualsLine> rowKey="projectId" size="small" pagination={false} columns={columns} dataSource={context.lines}
        locale={{ emptyText: 'Nothing planned this week: add the work you did' }} />
      <Form layout="vertical" style={{ marginTop: 12 }} disabled={readOnly || saving}>
        <Space wrap>
          <Select<string> showSearch optionFilterProp="label" placeholder="Add unplanned work…" aria-label="Add unplanned work" style={{ minWidth: 240 }} value={adding}
            options={unplanned.map((p) => ({ value: p._id, label: p.name }))} data-testid="actuals-add-project"
            onChange={(projectId) => { send({ type: 'ADD', projectId }); setAdding(undefined); }} />
        </Space>
        <Form.Item label="Note" style={{ marginTop: 12, marginBottom: 12 }}>
          <Input value={context.note} maxLength={500} onChange={(e) => send({ type: 'NOTE', note: e.target.value })} onKeyDown={onEnter}
            placeholder="What was not planned, in a few words" data-testid="actuals-note" />
        </Form.Item>
        {locked && manager ? (
          <Form.Item label="Reason for changing a locked week" required style={{ marginBottom: 12 }}>
            <Input value={context.reason} maxLength={500} onChange={(e) => send({ type: 'REASON', reason: e.target.value })} onKeyDown={onEnter} data-testid="actuals-reason" />
          </Form.Item>
        ) : null}
      </Form>
      {context.error ? <Alert style={{ marginBottom: 12 }} type="error" title={context.error} data-testid="actuals-error" /> : null}
      <Space>
        <Button onClick={() => send({ type: 'AS_PLANNED' })} disabled={!saveable || saving || context.lines.every((l) => l.planned === 0)} data-testid="actuals-as-planned">As planned</Button>
        <Button type="primary" onClick={() => send({ type: 'SAVE' })} disabled={!saveable} loading={saving} data-testid="actuals-save">Save</Button>
        {context.answer?.recorded ? <Typography.Text type="success" data-testid="actuals-saved">Recorded</Typography.Text> : null}
      </Space>
    </div>
  );
}
