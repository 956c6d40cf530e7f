import { useMachine } from '@xstate/react';
import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { fromPromise } from 'xstate';
import { AuthFrame, linkStyle } from '../../components/auth/AuthFrame.tsx';
import { BackToSignIn, LinkProblem } from '../../components/auth/LinkProblem.tsx';
import { NewPasswordFields } from '../../components/auth/NewPasswordFields.tsx';
import { signInWith, useSignInLanding } from '../../components/auth/useSignInLanding.ts';
import { accountsApi } from '../../lib/accountsApi.ts';
import { forgetLinkFragment, takeLinkFragment } from '../../lib/linkFragment.ts';
import { resetPasswordMachine, type ResetPasswordValues } from '../../machines/resetPassword.machine.ts';

const machine = resetPasswordMachine.provide({
  actors: { submit: fromPromise(({ input }) => accountsApi.resetPassword(input.token ?? '', input.form.password)) },
  actions: {
    // The link's secret is spent: nothing keeps it in the page any more.
    succeeded: (_, { result }) => {
      forgetLinkFragment('/reset');
      signInWith(result);
    },
  },
});

/** A new password from a reset link (/reset#token=…); then signed in, on the user's home. */
export default function ResetPasswordPage() {
  useSignInLanding();
  const [state, send] = useMachine(machine, { input: { token: takeLinkFragment().token ?? null } });
  const { form, errors, submitError, refusal } = state.context;
  const busy = state.matches('submitting') || state.matches('done');

  if (state.matches('refused') && refusal) {
    return (
      <AuthFrame title="Reset link not valid" testId="reset-page">
        <LinkProblem
          message={refusal.message}
          hint="A reset link works once, for one hour."
          actions={
            <>
              <Link to="/forgot" style={linkStyle}>
                Ask for a new link
              </Link>
              <BackToSignIn />
            </>
          }
        />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Choose a new password" subtitle="You will be signed in with it. Every other session of your account ends." testId="reset-page" below={<BackToSignIn />}>
      {submitError ? <Alert type="error" showIcon title={submitError} style={{ marginBottom: 16 }} data-testid="form-error" /> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <NewPasswordFields
          label="New password"
          password={form.password}
          confirm={form.confirm}
          errors={errors}
          disabled={busy}
          onChange={(field: keyof ResetPasswordValues, value) => send({ type: 'CHANGE', field, value })}
        />
        <Button type="primary" htmlType="submit" block size="large" loading={busy} style={{ marginTop: 4 }} data-testid="reset-submit">
          {busy ? 'Signing you in...' : 'Set password and sign in'}
        </Button>
      </form>
    </AuthFrame>
  );
}
