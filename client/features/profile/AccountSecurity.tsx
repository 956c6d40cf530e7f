import { CheckCircleFilled, KeyOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { fromPromise } from 'xstate';
import { Modal } from '../../components/Modal.tsx';
import { palette } from '../../components/palette.ts';
import { accountSecurityApi } from './accountSecurityApi.ts';
import { passwordHint } from '../../lib/passwordRules.ts';
import { type ChangePasswordValues, changePasswordMachine } from './changePassword.machine.ts';
import { signOutEverywhereMachine } from './signOutEverywhere.machine.ts';
import { sessionActor } from '../../stores/session.ts';

const changePassword = changePasswordMachine.provide({
  actors: { submit: fromPromise(({ input }) => accountSecurityApi.changePassword(input.form.current, input.form.password)) },
});
const signOutEverywhere = signOutEverywhereMachine.provide({
  actors: { endAll: fromPromise(() => accountSecurityApi.logoutEverywhere()) },
  // Every session has ended, this one too: nothing left to tell the server.
  actions: { ended: () => sessionActor.send({ type: 'LOGOUT', ended: true }) },
});

const cardTitle = (icon: React.ReactNode, text: string) => (
  <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
    <span style={{ color: palette.primary }}>{icon}</span> {text}
  </span>
);

/** The Profile's password and sessions: change one's password; sign out on every device. */
export function AccountSecurity() {
  const [form, sendForm] = useMachine(changePassword, { input: {} });
  const [everywhere, sendEverywhere] = useMachine(signOutEverywhere);
  const { form: values, errors, submitError } = form.context;
  const saving = form.matches('submitting');
  const change = (field: keyof ChangePasswordValues) => (event: React.ChangeEvent<HTMLInputElement>) => sendForm({ type: 'CHANGE', field, value: event.target.value });
  const hint = passwordHint(values.password);
  const hintColor = hint.tone === 'ok' ? palette.success : hint.tone === 'problem' ? palette.warning : palette.muted;

  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} lg={12}>
        <Card title={cardTitle(<KeyOutlined />, 'Change password')} style={{ height: '100%' }} data-testid="change-password">
          {form.matches('done') ? (
            <div data-testid="password-changed">
              <Alert type="success" showIcon title="Your password has been changed" description="Every other session of your account has been signed out; this one stays." style={{ marginBottom: 16 }} />
              <Button onClick={() => sendForm({ type: 'AGAIN' })}>Change it again</Button>
            </div>
          ) : (
            <Form
              layout="vertical"
              requiredMark={false}
              onSubmitCapture={(event) => {
                event.preventDefault();
                sendForm({ type: 'SUBMIT' });
              }}
              style={{ maxWidth: 440 }}
            >
              {submitError && !errors.current ? <Alert type="error" showIcon title={submitError} style={{ marginBottom: 12 }} data-testid="form-error" /> : null}
              <Form.Item label="Current password" htmlFor="current-password" validateStatus={errors.current ? 'error' : undefined} help={errors.current}>
                <Input.Password id="current-password" prefix={<LockOutlined className="muted" />} autoComplete="current-password" value={values.current} onChange={change('current')} disabled={saving} />
              </Form.Item>
              <Form.Item
                label="New password"
                htmlFor="new-password"
                validateStatus={errors.password ? 'error' : undefined}
                help={
                  errors.password ?? (
                    <span style={{ color: hintColor }} data-testid="password-hint">
                      {hint.tone === 'ok' ? <CheckCircleFilled style={{ marginInlineEnd: 6 }} /> : null}
                      {hint.text}
                    </span>
                  )
                }
              >
                <Input.Password id="new-password" prefix={<LockOutlined className="muted" />} autoComplete="new-password" value={values.password} onChange={change('password')} disabled={saving} />
              </Form.Item>
              <Form.Item label="Confirm new password" htmlFor="confirm-password" validateStatus={errors.confirm ? 'error' : undefined} help={errors.confirm}>
                <Input.Password id="confirm-password" prefix={<LockOutlined className="muted" />} autoComplete="new-password" value={values.confirm} onChange={change('confirm')} disabled={saving} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="change-password-submit">
                {saving ? 'Changing...' : 'Change password'}
              </Button>
            </Form>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={cardTitle(<LogoutOutlined />, 'Sessions')} style={{ height: '100%' }} data-testid="sessions">
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            Signed in on a shared computer, or lost a device? Sign out everywhere ends every session of your account, this one too. Signing in again works as usual.
          </Typography.Paragraph>
          {everywhere.context.error ? <Alert type="error" showIcon title="Your sessions could not be ended" description={everywhere.context.error} style={{ marginBottom: 12 }} /> : null}
          <Button danger icon={<LogoutOutlined />} onClick={() => sendEverywhere({ type: 'ASK' })} data-testid="sign-out-everywhere">
            Sign out everywhere
          </Button>
        </Card>
      </Col>
      <Modal
        open={everywhere.matches('confirming') || everywhere.matches('ending')}
        title="Sign out everywhere?"
        onCancel={() => sendEverywhere({ type: 'CANCEL' })}
        closable={!everywhere.matches('ending')}
        width={440}
        footer={[
          <Button key="cancel" onClick={() => sendEverywhere({ type: 'CANCEL' })} disabled={everywhere.matches('ending')}>
            Cancel
          </Button>,
          <Button key="ok" danger type="primary" loading={everywhere.matches('ending')} onClick={() => sendEverywhere({ type: 'CONFIRM' })} data-testid="sign-out-everywhere-ok">
            Sign out everywhere
          </Button>,
        ]}
      >
        <p style={{ margin: '8px 0 0' }}>Every browser and device signed in to your account is signed out, this one included.</p>
      </Modal>
    </Row>
  );
}
