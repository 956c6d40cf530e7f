import { useMachine } from '@xstate/react';
import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { fromPromise } from 'xstate';
import { AuthFrame, linkStyle } from '../../components/auth/AuthFrame.tsx';
import { BackToSignIn, linkCheckScreen, LinkProblem } from '../../components/auth/LinkProblem.tsx';
import { NewPasswordFields } from '../../components/auth/NewPasswordFields.tsx';
import { signInWith, useSignInLanding } from '../../components/auth/useSignInLanding.ts';
import { resetPasswordApi } from './resetPasswordApi.ts';
import { forgetLinkFragment, takeLinkFragment } from '../../lib/linkFragment.ts';
import { resetPasswordMachine, type ResetPasswordValues } from './resetPassword.machine.ts';

const machine = resetPasswordMachine.provide({
  actors: {
    // Asked as the page opens: a used link is said at once, not after the new password is typed.
    load: fromPromise(({ input }) => resetPasswordApi.checkResetLink(input.token)),
    submit: fromPromise(({ input }) => resetPasswordApi.resetPassword(input.token ?? '', input.form.password)),
  },
  actions: {
    // The link's secret is spent: nothing keeps it in the page any more.
    succeeded: (_, { result }) => {
      forgetLinkFragment('/reset');
      signInWith(result);
    },
  },
});

/**
 * A new password from a reset link (/reset#token=…), checked first; then signed in, on the user's home.
 * A link that cannot be used says why and offers a new one (or sign-in) instead of the form.
 */
export default function ResetPasswordPage() {
  useSignInLanding();
  const [state, send] = useMachine(machine, { input: { token: takeLinkFragment().token ?? null } });
  const { form, errors, submitError, refusal, loadError } = state.context;
  const busy = state.matches('submitting') || state.matches('done');

  if (state.matches('refused') && refusal) {
    const inactive = refusal.status === 409;
    return (
      <AuthFrame title="Reset link not valid" testId="reset-page">
        <LinkProblem
          message={refusal.message}
          hint={inactive ? 'Ask your administrator to reactivate your account.' : 'A reset link works once, for one hour, and only the newest one asked for works.'}
          actions={
            inactive ? (
              <BackToSignIn />
            ) : (
              <>
                <Link to="/forgot" style={linkStyle} data-testid="ask-new-link">
                  Ask for a new link
                </Link>
                <BackToSignIn />
              </>
            )
          }
        />
      </AuthFrame>
    );
  }
  const checking = linkCheckScreen(state, { title: 'Choose a new password', testId: 'reset-page', checking: 'Checking your reset link...', error: loadError, onRetry: () => send({ type: 'RETRY' }) });
  if (checking) return checking;

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
