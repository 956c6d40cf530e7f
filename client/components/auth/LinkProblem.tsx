import { Alert, Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sessionActor } from '../../stores/session.ts';
import { palette } from '../palette.ts';
import { AuthFrame, linkStyle } from './AuthFrame.tsx';

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

/** A link page's machine, as far as its check goes (credentialForm.machine.ts's states). */
type LinkCheckState = { matches(value: 'start' | 'loading' | 'unreachable'): boolean };

/**
 * A link page while its link is checked, or when the check could not reach the server: the page's
 * frame with a spinner, or with Try again. Null once the server has answered, for the page to show
 * what that answer means.
 */
export function linkCheckScreen(
  state: LinkCheckState,
  page: { title: string; testId: string; checking: string; error: string | null; onRetry: () => void },
): ReactNode | null {
  if (state.matches('loading') || state.matches('start')) {
    return (
      <AuthFrame title={page.title} testId={page.testId}>
        <LinkChecking text={page.checking} />
      </AuthFrame>
    );
  }
  if (state.matches('unreachable')) {
    return (
      <AuthFrame title={page.title} testId={page.testId}>
        <LinkUnreachable error={page.error} onRetry={page.onRetry} />
      </AuthFrame>
    );
  }
  return null;
}

/** While the page asks the server whether its link can be used: nothing to fill in yet. */
function LinkChecking({ text }: { text: string }) {
  return (
    <div data-testid="link-checking" style={{ display: 'grid', placeItems: 'center', gap: 12, padding: '24px 0', color: palette.muted }}>
      <Spin />
      {text}
    </div>
  );
}

/** The server did not answer the link's check: the link may be fine, so the way on is to try again. */
function LinkUnreachable({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <LinkProblem
      tone="warning"
      message="The server cannot be reached"
      hint={error ?? undefined}
      actions={<Button type="primary" onClick={onRetry}>Try again</Button>}
    />
  );
}
