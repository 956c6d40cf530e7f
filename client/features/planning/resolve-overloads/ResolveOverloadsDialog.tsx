import { Alert, Checkbox, Form, InputNumber, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { DayRangePicker } from '../../../components/DayRangePicker.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useEngineers } from '../../../stores/engineers.ts';
import type { ResolveContext, ResolveEvent } from './resolveOverloads.machine.ts';

type Props = { state: 'editing' | 'solving' | 'result' | 'closed'; context: ResolveContext; send: (event: ResolveEvent) => void };

/** What the proposal leaves, each person with their days, peak and what blocks them. */
function LeftList({ context }: { context: ResolveContext }) {
  const engineers = useEngineers();
  const resolved = context.resolved!;
  const nameOf = (id: string) => engineers.data?.find((e) => e._id === id)?.name ?? id;
  return (
    <div data-testid="resolve-result">
      <Typography.Paragraph>
        <span data-testid="resolve-change-count">{resolved.changes.length}</span> proposed {resolved.changes.length === 1 ? 'change' : 'changes'}, drafted in
        the scenario &ldquo;{resolved.name}&rdquo;: nothing is live until you publish it. Open it to accept or reject each change, compare and publish.
      </Typography.Paragraph>
      {resolved.left.length === 0 ? (
        <Alert type="success" showIcon title="It clears every overload in the window." />
      ) : (
        <>
          <Typography.Text strong>Left as they are</Typography.Text>
          <ul data-testid="resolve-left" style={{ paddingInlineStart: 18 }}>
            {resolved.left.map((l) => (
              <li key={l.engineerId} data-testid="resolve-left-item">
                {nameOf(l.engineerId)}: over capacity on {l.days.length} {l.days.length === 1 ? 'day' : 'days'}, peak {l.peak} %.{' '}
                <Typography.Text type="secondary">{l.blockedBy}</Typography.Text>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The window, the scope and what may change; then what the proposal holds and leaves. */
export function ResolveOverloadsDialog({ state, context, send }: Props) {
  const engineers = useEngineers();
  const { form, error } = context;
  const set = (patch: Partial<typeof form>) => send({ type: 'SET', patch });
  if (state === 'result') {
    return (
      <FormDialog
        open
        title="Resolve overloads"
        subtitle="The proposal, as a draft scenario"
        saving={false}
        submitLabel="Open the proposal"
        savingLabel="Opening..."
        onCancel={() => send({ type: 'CANCEL' })}
        onSubmit={() => send({ type: 'OPEN_PROPOSAL' })}
        width={560}
        testId="resolve-dialog"
        submitTestId="resolve-open"
      >
        <LeftList context={context} />
      </FormDialog>
    );
  }
  const solving = state === 'solving';
  return (
    <FormDialog
      open={state !== 'closed'}
      title="Resolve overloads"
      subtitle="A proposal with the fewest changes, each with its reason, drafted as a scenario: nothing is live until you publish it."
      saving={solving}
      submitLabel="Propose"
      savingLabel="Looking for the fewest changes..."
      onCancel={() => send({ type: 'CANCEL' })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      width={560}
      testId="resolve-dialog"
      submitTestId="resolve-submit"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="resolve-error" /> : null}
      <Form layout="vertical" disabled={solving}>
        <Form.Item label="Window" required>
          <DayRangePicker
            value={[form.from ? dayjs(form.from) : null, form.to ? dayjs(form.to) : null]}
            onChange={([from, to]) => set({ from: from?.format('YYYY-MM-DD') ?? '', to: to?.format('YYYY-MM-DD') ?? '' })}
            format="MMM D, YYYY"
            aria-label="Window"
            data-testid="resolve-window"
          />
        </Form.Item>
        <Form.Item label="People" extra="Whose overloads to clear, and who may take work. Empty: everyone.">
          <Select
            mode="multiple"
            allowClear
            placeholder="Everyone"
            value={form.engineerIds}
            onChange={(engineerIds) => set({ engineerIds })}
            options={(engineers.data ?? []).map((e) => ({ value: e._id, label: e.name }))}
            optionFilterProp="label"
            data-testid="resolve-people"
          />
        </Form.Item>
        <Form.Item label="What may change" style={{ marginBottom: 0 }}>
          <div style={{ display: 'grid', gap: 8 }}>
            <div>
              <Checkbox checked={form.shift} onChange={(e) => set({ shift: e.target.checked })} data-testid="resolve-shift">Shift dates by up to</Checkbox>{' '}
              <InputNumber min={1} max={60} value={form.shiftDays} disabled={!form.shift} onChange={(v) => set({ shiftDays: v ?? 1 })} aria-label="Days to shift at most" /> days, inside the project&rsquo;s dates
            </div>
            <Checkbox checked={form.reassign} onChange={(e) => set({ reassign: e.target.checked })} data-testid="resolve-reassign">
              Reassign to someone with the project&rsquo;s skills who has room
            </Checkbox>
            <Checkbox checked={form.reassignConfirmed} disabled={!form.reassign} onChange={(e) => set({ reassignConfirmed: e.target.checked })} style={{ marginInlineStart: 24 }} data-testid="resolve-reassign-confirmed">
              Confirmed work too (otherwise only pipeline work changes hands)
            </Checkbox>
            <div>
              <Checkbox checked={form.reduce} onChange={(e) => set({ reduce: e.target.checked })} data-testid="resolve-reduce">Lower an allocation, to no less than</Checkbox>{' '}
              <InputNumber min={1} max={100} value={form.floor} disabled={!form.reduce} onChange={(v) => set({ floor: v ?? 1 })} aria-label="Lowest allocation" /> %
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>Days before today, locked actuals weeks and pinned work stay as they are.</Typography.Text>
          </div>
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
