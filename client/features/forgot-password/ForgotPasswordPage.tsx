import { MailOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button } from 'antd';
import Input from 'antd/es/input/Input';
import { fromPromise } from 'xstate';
import { AuthField, AuthFrame, fieldAria } from '../../components/auth/AuthFrame.tsx';
import { BackToSignIn } from '../../components/auth/LinkProblem.tsx';
import { forgotPassword } from './forgotPasswordApi.ts';
import { FORGOT_PASSWORD_SENT, forgotPasswordMachine } from './forgotPassword.machine.ts';

const machine = forgotPasswordMachine.provide({
  actors: { submit: fromPromise(({ input }) => forgotPassword(input.form.email.trim())) },
});

/** Forgot password (/forgot): an e-mail address, and the same answer whether or not an account uses it. */
export default function ForgotPasswordPage() {
  const [state, send] = useMachine(machine, { input: {} });
  const { form, errors, submitError } = state.context;
  const busy = state.matches('submitting');

  return (
    <AuthFrame
      title="Forgot your password?"
      subtitle={state.matches('done') ? undefined : 'Enter the e-mail you sign in with, and we will send you a link to choose a new password.'}
      testId="forgot-page"
      below={<BackToSignIn />}
    >
      {state.matches('done') ? (
        <div data-testid="forgot-sent">
          <Alert type="success" showIcon title={FORGOT_PASSWORD_SENT} description="The link works once, for one hour. No e-mail? Check your spam folder, or ask your administrator for a reset link." style={{ marginBottom: 16 }} />
          <Button block onClick={() => send({ type: 'AGAIN' })}>
            Use another e-mail
          </Button>
        </div>
      ) : (
        <>
          {submitError ? <Alert type="error" showIcon title={submitError} style={{ marginBottom: 16 }} data-testid="form-error" /> : null}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'SUBMIT' });
            }}
          >
            <AuthField id="email" label="Email" error={errors.email}>
              <Input {...fieldAria('email', errors.email)} type="email" value={form.email} onChange={(e) => send({ type: 'CHANGE', field: 'email', value: e.target.value })} disabled={busy} size="large" prefix={<MailOutlined className="muted" />} autoComplete="email" placeholder="you@company.com" />
            </AuthField>
            <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="forgot-submit">
              {busy ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        </>
      )}
    </AuthFrame>
  );
}
