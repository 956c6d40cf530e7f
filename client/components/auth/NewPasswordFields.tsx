import { CheckCircleFilled, LockOutlined } from '@ant-design/icons';
import Password from 'antd/es/input/Password';
import { passwordHint } from '../../lib/passwordRules.ts';
import { palette } from '../palette.ts';
import { AuthField, fieldAria } from './AuthFrame.tsx';

type Props = {
  password: string;
  confirm: string;
  errors: { password?: string; confirm?: string };
  disabled?: boolean;
  onChange: (field: 'password' | 'confirm', value: string) => void;
  /** 'New password' on a reset or a change, 'Password' when the account is new. */
  label?: string;
  /** The ids of the two inputs (a page with another password field keeps them apart). */
  ids?: { password: string; confirm: string };
};

/**
 * A new password and its confirmation, with the password rule (the domain's, the server's own) under
 * the first field as it is typed: the user sees "at least 10 characters" before submitting.
 */
export function NewPasswordFields({ password, confirm, errors, disabled, onChange, label = 'Password', ids = { password: 'password', confirm: 'confirm' } }: Props) {
  const hint = passwordHint(password);
  const hintColor = hint.tone === 'ok' ? palette.success : hint.tone === 'problem' ? palette.warning : palette.muted;
  return (
    <>
      <AuthField
        id={ids.password}
        label={label}
        error={errors.password}
        hint={
          <span style={{ color: hintColor }} data-testid="password-hint">
            {hint.tone === 'ok' ? <CheckCircleFilled style={{ marginInlineEnd: 6 }} /> : null}
            {hint.text}
          </span>
        }
      >
        <Password
          {...fieldAria(ids.password, errors.password, true)}
          value={password}
          onChange={(event) => onChange('password', event.target.value)}
          disabled={disabled}
          size="large"
          prefix={<LockOutlined className="muted" />}
          autoComplete="new-password"
          placeholder="At least 10 characters"
        />
      </AuthField>
      <AuthField id={ids.confirm} label={`Confirm ${label.toLowerCase()}`} error={errors.confirm}>
        <Password
          {...fieldAria(ids.confirm, errors.confirm)}
          value={confirm}
          onChange={(event) => onChange('confirm', event.target.value)}
          disabled={disabled}
          size="large"
          prefix={<LockOutlined className="muted" />}
          autoComplete="new-password"
          placeholder="Type it again"
        />
      </AuthField>
    </>
  );
}
