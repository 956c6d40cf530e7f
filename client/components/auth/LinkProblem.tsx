import { Alert, Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sessionActor } from '../../stores/session.ts';
import { palette } from '../palette.ts';
import { linkStyle } from './AuthFrame.tsx';

type Props = {
  /** The server's message, or the page's own. */
  message: string;
  /** What the person can do about it. */
  hint?: ReactNode;
  tone?: 'error' | 'warning' | 'info';
  /** Links under the message; "Back to sign in" when left out. */
  actions?: ReactNode;
};

/** Why a link cannot be used (unknown, used, expired, incomplete) and where to go from here. */
export function LinkProblem({ message, hint, tone = 'error', actions }: Props) {
  return (
    <div data-testid="link-problem">
      <Alert type={tone} showIcon title={message} description={hint} style={{ marginBottom: 20 }} />
      <div style={{ display: 'flex', gap: 16, justifyContent: 'center', alignItems: 'center', flexWrap: 'wrap' }}>{actions ?? <BackToSignIn />}</div>
    </div>
  );
}

/** Back to the login page, with nothing left over from this page's attempt. */
export function BackToSignIn({ label = 'Back to sign in' }: { label?: string }) {
  return (
    <Link to="/login" style={linkStyle} onClick={() => sessionActor.send({ type: 'DISMISS' })} data-testid="back-to-sign-in">
      {label}
    </Link>
  );
}

/** While the page asks the server whether its link can be used: nothing to fill in yet. */
export function LinkChecking({ text }: { text: string }) {
  return (
    <div data-testid="link-checking" style={{ display: 'grid', placeItems: 'center', gap: 12, padding: '24px 0', color: palette.muted }}>
      <Spin />
      {text}
    </div>
  );
}

/** The server did not answer the link's check: the link may be fine, so the way on is to try again. */
export function LinkUnreachable({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <LinkProblem
      tone="warning"
      message="The server cannot be reached"
      hint={error ?? undefined}
      actions={<Button type="primary" onClick={onRetry}>Try again</Button>}
    />
  );
}
