import { Alert, Button, Tag, Typography } from 'antd';
import { SuitableEngineers } from '../assignment-planning/SuitableEngineers.tsx';
import { DialogTitle } from '../../../components/formParts.tsx';
import { dateRange, percent } from '../../../lib/format.ts';
import type { PlaceholderFillContext, PlaceholderFillEvent } from './placeholderFill.machine.ts';
import { Modal } from '../../../components/Modal.tsx';
import { OverloadConfirm } from '../../../components/OverloadConfirm.tsx';

type Props = {
  /** The fill machine's state: which step, and what it holds. */
  step: 'closed' | 'loading' | 'failed' | 'choosing' | 'judging' | 'confirming' | 'filling' | 'reloading' | 'gone';
  context: PlaceholderFillContext;
  send: (event: PlaceholderFillEvent) => void;
};

/** Fill a placeholder: who suits its dates, most free first; the one picked gets its role, allocation and dates. */
export function FillDialog({ step, context, send }: Props) {
  const target = context.target;
  const p = target?.placeholder;
  const busy = step === 'filling' || step === 'reloading' || step === 'judging' || step === 'confirming';
  const picked = context.candidates.find((c) => c._id === context.picked);
  return (
    <>
    <OverloadConfirm
      overloads={step === 'confirming' ? context.overloads : null}
      action={p && picked ? `Fill ${p.role} on ${target!.projectName} with ${picked.name} at ${percent(p.allocationPercentage)}.` : undefined}
      onConfirm={() => send({ type: 'CONFIRM' })}
      onCancel={() => send({ type: 'BACK' })}
    />
    <Modal
      open={step !== 'closed'}
      title={<DialogTitle title={p ? `Fill ${p.role}` : 'Fill'} subtitle={target ? `on ${target.projectName}` : undefined} />}
      onCancel={() => !busy && send({ type: 'CANCEL' })}
      mask={{ closable: false }}
      width={600}
      destroyOnHidden
      data-testid="fill-dialog"
      footer={
        step === 'gone'
          ? [<Button key="close" onClick={() => send({ type: 'CANCEL' })}>Close</Button>]
          : [
              <Button key="cancel" onClick={() => send({ type: 'CANCEL' })} disabled={busy}>
                Cancel
              </Button>,
              <Button key="fill" type="primary" loading={busy} disabled={!picked || step !== 'choosing'} onClick={() => send({ type: 'FILL' })} data-testid="fill-submit">
                {picked ? `Fill with ${picked.name}` : 'Fill'}
              </Button>,
            ]
      }
    >
      {p ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center', margin: '4px 0 12px' }}>
          <Typography.Text>
            {/* The open role's dates as it was saved and as its list shows them; target.to is the last day worked, one before its end. */}
            {percent(p.allocationPercentage)} · {dateRange(p.startDate, p.endDate)}
          </Typography.Text>
          {p.skills.map((skill) => (
            <Tag key={skill} style={{ marginInlineEnd: 0 }}>
              {skill}
            </Tag>
          ))}
        </div>
      ) : null}
      {context.notice ? <Alert type={step === 'gone' ? 'info' : 'warning'} showIcon title={context.notice} style={{ marginBottom: 12 }} data-testid="fill-notice" /> : null}
      {context.error && step !== 'failed' ? <Alert type="error" showIcon title={context.error} style={{ marginBottom: 12 }} /> : null}
      {step === 'gone' ? null : (
        <SuitableEngineers
          projectPicked
          loading={step === 'loading'}
          error={step === 'failed' ? context.error : null}
          engineers={context.candidates}
          caption="Room on every working day of these dates first, then those short on some days, then no room."
          selectedId={context.picked}
          disabled={busy}
          invalid={false}
          onPick={(engineerId) => send({ type: 'PICK', engineerId })}
          onRetry={() => send({ type: 'RETRY' })}
        />
      )}
    </Modal>
    </>
  );
}
