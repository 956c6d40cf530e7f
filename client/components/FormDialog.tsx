import { Button, InputNumber } from 'antd';
import type { ReactNode } from 'react';
import { DialogTitle } from './formParts.tsx';
import { Modal } from './Modal.tsx';

type Props = {
  open: boolean;
  title: string;
  subtitle: ReactNode;
  saving: boolean;
  /** While a conflict dialog is up, the form stays visible behind it but cannot be saved. */
  locked?: boolean;
  submitLabel: string;
  savingLabel?: string;
  cancelLabel?: string;
  onCancel: () => void;
  onSubmit: () => void;
  width?: number;
  testId: string;
  submitTestId: string;
  children: ReactNode;
};

/**
 * The frame of a form dialog driven by a form machine: title and purpose, Cancel and the submit button
 * (busy while saving), and no closing by a click beside it, so nothing typed is lost by accident.
 */
export function FormDialog(props: Props) {
  const { open, title, subtitle, saving, locked = false, submitLabel, savingLabel = 'Saving...', cancelLabel = 'Cancel', onCancel, onSubmit, width = 600, testId, submitTestId, children } = props;
  return (
    <Modal
      open={open}
      title={<DialogTitle title={title} subtitle={subtitle} />}
      onCancel={onCancel}
      mask={{ closable: false }}
      keyboard={!saving}
      closable={!saving}
      width={width}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={saving}>
          {cancelLabel}
        </Button>,
        <Button key="submit" type="primary" loading={saving} disabled={locked && !saving} onClick={onSubmit} data-testid={submitTestId}>
          {saving ? savingLabel : submitLabel}
        </Button>,
      ]}
      data-testid={testId}
    >
      {children}
    </Modal>
  );
}

/**
 * An allocation field: a whole percentage; cleared, it is null (the form then says it is required).
 * It has no min or max: antd would quietly clamp 0 to 1 and 300 to 100 on blur, where the form's
 * rule (1 to 100, the domain's) says what is wrong and saves nothing until it is fixed.
 */
export function AllocationInput({ value, onChange, testId }: { value: number | null; onChange: (value: number | null) => void; testId?: string }) {
  return (
    <InputNumber
      style={{ width: '100%' }}
      precision={0}
      suffix="%"
      value={value}
      onChange={(next) => onChange(typeof next === 'number' ? next : null)}
      aria-label="Allocation"
      data-testid={testId}
    />
  );
}
