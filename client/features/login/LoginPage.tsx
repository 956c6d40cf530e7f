import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useSelector } from '@xstate/react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../components/BrandMark.tsx';
import { sessionActor } from '../../stores/session.ts';
import { homePath } from '../../machines/session.machine.ts';

type Values = { email: string; password: string };

/** Login (spec §2): email and password, 'Logging in...' while busy, the error in an alert. */
export default function LoginPage() {
  const navigate = useNavigate();
  const submitting = useSelector(sessionActor, (s) => s.matches('signingIn'));
  const error = useSelector(sessionActor, (s) => s.context.error);

  useEffect(() => {
    const subscription = sessionActor.on('signedIn', (event) => navigate(homePath(event.user.role)));
    return () => subscription.unsubscribe();
  }, [navigate]);

  const onFinish = (values: Values) => sessionActor.send({ type: 'LOGIN', email: values.email.trim(), password: values.password });

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        padding: 16,
        background: 'radial-gradient(1200px 600px at 10% -10%, #dbeafe 0%, transparent 60%), radial-gradient(900px 500px at 110% 110%, #ede9fe 0%, transparent 55%), #f6f7f9',
      }}
    >
      <div style={{ width: '100%', maxWidth: 420 }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <div style={{ display: 'inline-flex', marginBottom: 12 }}>
            <BrandMark size={44} />
          </div>
          <Typography.Title level={2} style={{ margin: 0, fontWeight: 700, letterSpacing: -0.4 }}>
            Capacity Planner
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 15 }}>
            Manage Your Resources Efficiently
          </Typography.Text>
        </div>
        <Card styles={{ body: { padding: 28 } }} style={{ boxShadow: '0 10px 30px -12px rgba(15, 23, 42, 0.18)' }}>
          <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 4 }}>
            Sign in
          </Typography.Title>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 20 }}>
            Enter your email and password to access your account.
          </Typography.Text>
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
          <Form<Values> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting} autoComplete="on">
            <Form.Item
              label="Email"
              name="email"
              rules={[
                { required: true, message: 'Email is required' },
                { type: 'email', message: 'Enter a valid email address' },
              ]}
            >
              <Input type="email" prefix={<MailOutlined className="muted" />} placeholder="you@company.com" autoComplete="email" size="large" />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
              <Input.Password prefix={<LockOutlined className="muted" />} placeholder="Your password" autoComplete="current-password" size="large" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={submitting} style={{ marginTop: 4 }}>
              {submitting ? 'Logging in...' : 'Login'}
            </Button>
          </Form>
        </Card>
      </div>
    </div>
  );
}
