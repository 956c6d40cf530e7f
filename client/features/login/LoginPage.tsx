import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useSelector } from '@xstate/react';
import { Button } from 'antd';
// Straight from their files: the `Input` namespace also carries TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../components/BrandMark.tsx';
import { palette } from '../../components/palette.ts';
import { sessionActor } from '../../stores/session.ts';
import { homePath } from '../../lib/roleHome.ts';
import { type LoginValues, validateLogin } from './loginForm.ts';

type Field = keyof LoginValues;

// Only a failed login shows the alert: its code loads when the form is sent, not with the screen.
const loadAlert = () => import('antd/es/alert');
const Alert = lazy(loadAlert);

/**
 * Login: email and password, 'Logging in...' while busy, the error in an alert.
 * It is the first screen everyone loads, so it is built from antd's lightest parts: a plain form with
 * its own two rules instead of antd's Form (validator, grid, tooltips), and plain elements in the
 * look of a card and headings instead of Card (which brings tabs and menus) and Typography.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const submitting = useSelector(sessionActor, (s) => s.matches('signingIn'));
  const error = useSelector(sessionActor, (s) => s.context.error);
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
    id: field,
    name: field,
    value: values[field],
    onChange: change(field),
    disabled: submitting,
    size: 'large' as const,
    status: shownError(field) ? ('error' as const) : undefined,
    'aria-invalid': shownError(field) ? true : undefined,
    'aria-describedby': shownError(field) ? `${field}-error` : undefined,
  });

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        padding: 16,
        background: 'radial-gradient(1200px 600px at 10% -10%, #dbeafe 0%, transparent 60%), radial-gradient(900px 500px at 110% 110%, #ede9fe 0%, transparent 55%), #f6f7f9',
        color: palette.text,
        fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
        fontSize: 14,
        lineHeight: 1.5715,
      }}
    >
      <div style={{ width: '100%', maxWidth: 420 }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <div style={{ display: 'inline-flex', marginBottom: 12 }}>
            <BrandMark size={44} />
          </div>
          <h1 style={{ margin: 0, fontSize: 30, lineHeight: 1.35, fontWeight: 700, letterSpacing: -0.4 }}>Capacity Planner</h1>
          <span style={{ fontSize: 15, color: palette.muted }}>Manage Your Resources Efficiently</span>
        </div>
        <main
          style={{
            padding: 28,
            background: palette.surface,
            border: '1px solid #edf0f3',
            borderRadius: 12,
            boxShadow: '0 10px 30px -12px rgba(15, 23, 42, 0.18)',
          }}
        >
          <h2 style={{ marginTop: 0, marginBottom: 4, fontSize: 20, lineHeight: 1.4, fontWeight: 600 }}>Sign in</h2>
          <p style={{ margin: '0 0 20px', color: palette.muted }}>Enter your email and password to access your account.</p>
          {error ? (
            <Suspense fallback={null}>
              <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
            </Suspense>
          ) : null}
          <form onSubmit={onSubmit} noValidate autoComplete="on">
            <LoginField field="email" label="Email" error={shownError('email')}>
              <Input {...fieldProps('email')} type="email" prefix={<MailOutlined className="muted" />} placeholder="you@company.com" autoComplete="email" />
            </LoginField>
            <LoginField field="password" label="Password" error={shownError('password')}>
              <Password {...fieldProps('password')} prefix={<LockOutlined className="muted" />} placeholder="Your password" autoComplete="current-password" />
            </LoginField>
            <Button type="primary" htmlType="submit" block size="large" loading={submitting} style={{ marginTop: 4 }}>
              {submitting ? 'Logging in...' : 'Login'}
            </Button>
          </form>
        </main>
      </div>
    </div>
  );
}

/** A label above its input and the field's error below it, spaced like antd's vertical form items. */
function LoginField({ field, label, error, children }: { field: Field; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div style={{ marginBottom: error ? 0 : 24 }}>
      <label htmlFor={field} style={{ display: 'block', paddingBottom: 8 }}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${field}-error`} role="alert" style={{ color: palette.danger, minHeight: 24 }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
