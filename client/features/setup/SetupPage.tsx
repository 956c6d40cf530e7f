import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button } from 'antd';
import Input from 'antd/es/input/Input';
import { fromPromise } from 'xstate';
import { AuthField, AuthFrame, fieldAria } from '../../components/auth/AuthFrame.tsx';
import { BackToSignIn, linkCheckScreen, LinkProblem } from '../../components/auth/LinkProblem.tsx';
import { NewPasswordFields } from '../../components/auth/NewPasswordFields.tsx';
import { signInWith, useSignInLanding } from '../../components/auth/useSignInLanding.ts';
import { setupApi } from './setupApi.ts';
import { forgetLinkFragment, takeLinkFragment } from '../../lib/linkFragment.ts';
import { setupFormMachine, type SetupValues } from './setupForm.machine.ts';

const machine = setupFormMachine.provide({
  actors: {
    // Asked as the page opens, with or without a token: an installation set up already, or a used
    // link, is said at once rather than after the whole form is filled in.
    load: fromPromise(({ input }) => setupApi.checkSetup(input.token || null)),
    submit: fromPromise(({ input }) =>
      setupApi.setup({ token: input.token ?? '', name: input.form.name.trim(), email: input.form.email.trim(), password: input.form.password }),
    ),
  },
  actions: {
    // The link's secret is spent: nothing keeps it in the page any more.
    succeeded: (_, { result }) => {
      forgetLinkFragment('/setup');
      signInWith(result);
    },
  },
});

/**
 * The first administrator (/setup#token=…, the link the server prints while nobody has an account):
 * checked first; then their name, e-mail and password; then signed in, on the manager dashboard. Once
 * the installation has accounts the page says so, with or without a link, and offers sign-in.
 */
export default function SetupPage() {
  useSignInLanding();
  const [state, send] = useMachine(machine, { input: { token: takeLinkFragment().token ?? null } });
  const { form, errors, submitError, refusal, loadError } = state.context;
  const busy = state.matches('submitting') || state.matches('done');
  const change = (field: keyof SetupValues, value: string) => send({ type: 'CHANGE', field, value });

  if (state.matches('refused') && refusal) {
    const alreadySetUp = refusal.status === 409;
    return (
      <AuthFrame title={alreadySetUp ? 'Already set up' : 'Setup link not valid'} testId="setup-page">
        <LinkProblem
          tone={alreadySetUp ? 'info' : 'error'}
          message={refusal.message}
          hint={
            alreadySetUp
              ? 'The first account has been created here. Sign in, or ask an administrator for an invitation.'
              : 'Each start of the server prints a new setup link while nobody has an account: use the latest one, whole.'
          }
          actions={<BackToSignIn label={alreadySetUp ? 'Sign in' : 'Back to sign in'} />}
        />
      </AuthFrame>
    );
  }
  const checking = linkCheckScreen(state, { title: 'Set up Capacity Planner', testId: 'setup-page', checking: 'Checking your setup link...', error: loadError, onRetry: () => send({ type: 'RETRY' }) });
  if (checking) return checking;

  return (
    <AuthFrame
      title="Set up Capacity Planner"
      subtitle="Create the first account. You will be its administrator and a manager: you can invite everyone else next."
      testId="setup-page"
    >
      {submitError ? <Alert type="error" showIcon title={submitError} style={{ marginBottom: 16 }} data-testid="form-error" /> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <AuthField id="name" label="Your name" error={errors.name}>
          <Input {...fieldAria('name', errors.name)} value={form.name} onChange={(e) => change('name', e.target.value)} disabled={busy} size="large" prefix={<UserOutlined className="muted" />} autoComplete="name" placeholder="Dana Whitfield" />
        </AuthField>
        <AuthField id="email" label="Email" error={errors.email}>
          <Input {...fieldAria('email', errors.email)} type="email" value={form.email} onChange={(e) => change('email', e.target.value)} disabled={busy} size="large" prefix={<MailOutlined className="muted" />} autoComplete="email" placeholder="you@company.com" />
        </AuthField>
        <NewPasswordFields password={form.password} confirm={form.confirm} errors={errors} disabled={busy} onChange={change} />
        <Button type="primary" htmlType="submit" block size="large" loading={busy} style={{ marginTop: 4 }} data-testid="setup-submit">
          {busy ? 'Creating your account...' : 'Create account and sign in'}
        </Button>
      </form>
    </AuthFrame>
  );
}
