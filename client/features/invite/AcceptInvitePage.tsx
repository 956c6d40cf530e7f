import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button } from 'antd';
import Input from 'antd/es/input/Input';
import { fromPromise } from 'xstate';
import { AuthField, AuthFrame, fieldAria } from '../../components/auth/AuthFrame.tsx';
import { linkCheckScreen, LinkProblem } from '../../components/auth/LinkProblem.tsx';
import { NewPasswordFields } from '../../components/auth/NewPasswordFields.tsx';
import { signInWith, useSignInLanding } from '../../components/auth/useSignInLanding.ts';
import { invitationApi } from './invitationApi.ts';
import { forgetLinkFragment, takeLinkFragment } from '../../lib/linkFragment.ts';
import { type AcceptInviteValues, acceptInviteMachine } from './acceptInvite.machine.ts';

const machine = acceptInviteMachine.provide({
  actors: {
    load: fromPromise(({ input }) => invitationApi.invitation(input.token)),
    submit: fromPromise(({ input }) => invitationApi.acceptInvitation(input.token ?? '', { password: input.form.password, name: input.form.name.trim() })),
  },
  actions: {
    // The link's secret is spent: nothing keeps it in the page any more.
    succeeded: (_, { result }) => {
      forgetLinkFragment('/invite');
      signInWith(result);
    },
  },
});

const roleWithArticle = { manager: 'a manager', engineer: 'an engineer', auditor: 'an auditor' } as const;

/**
 * Accepting an invitation (/invite#token=…): who it is for and as what, then their name and a
 * password; signed in, on their home (an engineer's dashboard, a manager's).
 */
export default function AcceptInvitePage() {
  useSignInLanding();
  const [state, send] = useMachine(machine, { input: { token: takeLinkFragment().token ?? null } });
  const { form, errors, submitError, refusal, loaded, loadError } = state.context;
  const busy = state.matches('submitting') || state.matches('done');
  const change = (field: keyof AcceptInviteValues, value: string) => send({ type: 'CHANGE', field, value });

  if (state.matches('refused') && refusal) {
    return (
      <AuthFrame title="Invitation not valid" testId="invite-page">
        <LinkProblem message={refusal.message} hint={refusal.status === 410 ? 'An invitation works once, for 7 days.' : undefined} />
      </AuthFrame>
    );
  }
  const checking = linkCheckScreen(state, { title: 'Your invitation', testId: 'invite-page', checking: 'Reading your invitation...', error: loadError, onRetry: () => send({ type: 'RETRY' }) });
  if (checking) return checking;

  return (
    <AuthFrame title="Accept your invitation" subtitle="Choose a password to finish setting up your account." testId="invite-page">
      {loaded ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 20 }}
          data-testid="invitation"
          title={`You are invited as ${roleWithArticle[loaded.role]}`}
          description={<span style={{ wordBreak: 'break-all' }}>{loaded.email}</span>}
        />
      ) : null}
      {submitError ? <Alert type="error" showIcon title={submitError} style={{ marginBottom: 16 }} data-testid="form-error" /> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <AuthField id="email" label="Email">
          <Input id="email" value={loaded?.email ?? ''} readOnly disabled size="large" prefix={<MailOutlined className="muted" />} />
        </AuthField>
        <AuthField id="name" label="Your name" error={errors.name}>
          <Input {...fieldAria('name', errors.name)} value={form.name} onChange={(e) => change('name', e.target.value)} disabled={busy} size="large" prefix={<UserOutlined className="muted" />} autoComplete="name" />
        </AuthField>
        <NewPasswordFields password={form.password} confirm={form.confirm} errors={errors} disabled={busy} onChange={change} />
        <Button type="primary" htmlType="submit" block size="large" loading={busy} style={{ marginTop: 4 }} data-testid="accept-submit">
          {busy ? 'Signing you in...' : 'Accept and sign in'}
        </Button>
      </form>
    </AuthFrame>
  );
}
