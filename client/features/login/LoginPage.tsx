import { LockOutlined, LoginOutlined, MailOutlined } from '@ant-design/icons';
import { useSelector } from '@xstate/react';
import { Button } from 'antd';
// Straight from their files: the `Input` namespace also carries TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthField, AuthFrame, fieldAria, linkStyle } from '../../components/auth/AuthFrame.tsx';
import { palette } from '../../components/palette.ts';
import { SIGN_ON_START } from '../../lib/paths.ts';
import { sessionActor } from '../../stores/session.ts';
import { homePath } from '../../lib/roleHome.ts';
import { type LoginValues, validateLogin } from './loginForm.ts';
import { useSignOn } from './useSignOn.ts';

type Field = keyof LoginValues;

// Only a failed login shows the alert: its code loads when the form is sent, not with the screen.
const loadAlert = () => import('antd/es/alert');
const Alert = lazy(loadAlert);

/**
 * Login: email and password, 'Logging in...' while busy, the error in an alert; a link to reset a
 * forgotten password, and "Sign in with <provider>" when the server offers single sign-on.
 * It is the first screen everyone loads, so it is built from antd's lightest parts: a plain form with
 * its own two rules instead of antd's Form (validator, grid, tooltips), in the signed-out pages' frame
 * (components/auth/AuthFrame.tsx: plain elements instead of Card, which brings tabs and menus, and Typography).
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const submitting = useSelector(sessionActor, (s) => s.matches('signingIn'));
  const error = useSelector(sessionActor, (s) => s.context.error);
  // Why the user is here when they did not sign out themselves: the server ended their session.
  const notice = useSelector(sessionActor, (s) => s.context.notice);
  const signOn = useSignOn();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  // A field's error shows once it was edited or a submit was tried, as antd's Form does.
  const [checked, setChecked] = useState<Record<Field, boolean>>({ email: false, password: false });
  const errors = validateLogin(values);
  const shownError = (field: Field) => (checked[field] ? errors[field] : undefined);

  useEffect(() => {
    const subscription = sessionActor.on('signedIn', (event) => navigate(homePath(event.user.role)));
    return () => subscription.unsubscribe();
  }, [navigate]);

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setChecked((current) => ({ ...current, [field]: true }));
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setChecked({ email: true, password: true });
    if (errors.email || errors.password) return;
    void loadAlert();
    sessionActor.send({ type: 'LOGIN', email: values.email.trim(), password: values.password });
  };

  const fieldProps = (field: Field) => ({
    ...fieldAria(field, shownError(field)),
    value: values[field],
    onChange: change(field),
    disabled: submitting,
    size: 'large' as const,
  });

  return (
    <AuthFrame title="Sign in" subtitle="Enter your email and password to access your account.">
      {error || notice ? (
        <Suspense fallback={null}>
          {notice && !error ? <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} data-testid="login-notice" /> : null}
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
        </Suspense>
      ) : null}
      <form onSubmit={onSubmit} noValidate autoComplete="on">
        <AuthField id="email" label="Email" error={shownError('email')}>
          <Input {...fieldProps('email')} type="email" prefix={<MailOutlined className="muted" />} placeholder="you@company.com" autoComplete="email" />
        </AuthField>
        <AuthField
          id="password"
          label="Password"
          error={shownError('password')}
          extra={
            <Link to="/forgot" style={linkStyle} data-testid="forgot-password">
              Forgot password?
            </Link>
          }
        >
          <Password {...fieldProps('password')} prefix={<LockOutlined className="muted" />} placeholder="Your password" autoComplete="current-password" />
        </AuthField>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} style={{ marginTop: 4 }}>
          {submitting ? 'Logging in...' : 'Login'}
        </Button>
      </form>
      {signOn ? (
        <>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, margin: '20px 0', color: palette.muted, fontSize: 13 }}>
            <span style={{ flex: 1, height: 1, background: palette.border }} />
            or
            <span style={{ flex: 1, height: 1, background: palette.border }} />
          </div>
          <Button block size="large" href={SIGN_ON_START} icon={<LoginOutlined />} data-testid="sign-on">
            Sign in with {signOn.name}
          </Button>
        </>
      ) : null}
    </AuthFrame>
  );
}
