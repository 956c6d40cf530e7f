import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { overloadSentence, type NamedOverload } from '../lib/overloads.ts';
import { Modal } from './Modal.tsx';

type Props = {
  /** What the write would do; the dialog is open while this names anyone (or while `open` says so). */
  overloads: readonly NamedOverload[] | null;
  /** Open whatever `overloads` holds: a screen whose own rule asked, when the days cannot be named from the plan it has. */
  open?: boolean;
  /** What to say then, without days to name. */
  fallback?: { title: string; body: ReactNode };
  /** What is about to be saved, in a sentence ('Fill ML Engineer on Assistant with Jordan Lee'). */
  action?: ReactNode;
  /** The write is on its way: both buttons wait. */
  saving?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The one question asked before any write that makes or worsens an overload (the form, Fill, a drag,
 * a drop on another row, a bulk edit, a scenario's draft): who goes over capacity, on which days, and
 * how high. Back writes nothing; Save anyway writes, since managers overload on purpose.
 */
export function OverloadConfirm({ overloads, open, fallback, action, saving = false, onConfirm, onCancel }: Props) {
  const people = overloads ?? [];
  const shown = open ?? people.length > 0;
  const title = people.length === 0 ? (fallback?.title ?? '') : people.length === 1 ? `This overloads ${people[0]!.name}` : `This overloads ${people.length} people`;
  return (
    <Modal
      open={shown}
      title={shown ? title : ''}
      onCancel={() => !saving && onCancel()}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="overload-confirm"
      footer={[
        <Button key="back" onClick={onCancel} disabled={saving} data-testid="overload-back">
          Back
        </Button>,
        <Button key="confirm" type="primary" danger loading={saving} onClick={onConfirm} data-testid="confirm-overload">
          Save anyway
        </Button>,
      ]}
    >
      {action ? <Typography.Paragraph style={{ marginBottom: 8 }}>{action}</Typography.Paragraph> : null}
      {people.length === 0 && fallback ? fallback.body : null}
      {people.length > 0 ? (
        <ul style={{ paddingInlineStart: 18, margin: '0 0 8px' }}>
          {people.map((o) => (
            <li key={o.engineerId} data-testid="overload-person" data-engineer={o.engineerId} data-days={o.days.join(',')} data-peak={o.peak}>
              <strong>{o.name}</strong>: {overloadSentence(o)}.
            </li>
          ))}
        </ul>
      ) : null}
      <Typography.Text strong>Save it anyway?</Typography.Text>
    </Modal>
  );
}
