import type { ReactNode } from 'react';
import { BrandMark } from '../BrandMark.tsx';
import { backgrounds, borderColors, palette } from '../palette.ts';

type Props = {
  /** The card's heading ('Sign in', 'Set up Capacity Planner'). */
  title: ReactNode;
  /** A line under it saying what the page is for. */
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card: a way back to sign-in, say. */
  below?: ReactNode;
  testId?: string;
};

/**
 * The frame of every page people see signed out (login, first administrator, invitation, forgot and
 * reset password, single sign-on): the product's mark and name over one card. Plain elements in the
 * look of a card and headings, not antd's Card and Typography: the login screen is the first screen
 * everyone loads, and its code stays light.
 */
export function AuthFrame({ title, subtitle, children, below, testId }: Props) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        padding: 16,
        background: `radial-gradient(1200px 600px at 10% -10%, ${backgrounds.glowBlue} 0%, transparent 60%), radial-gradient(900px 500px at 110% 110%, ${backgrounds.glowViolet} 0%, transparent 55%), ${palette.canvas}`,
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
          data-testid={testId}
          style={{
            padding: 28,
            background: palette.surface,
            border: `1px solid ${borderColors.subtle}`,
            borderRadius: 12,
            boxShadow: '0 10px 30px -12px rgba(15, 23, 42, 0.18)',
          }}
        >
          <h2 style={{ marginTop: 0, marginBottom: 4, fontSize: 20, lineHeight: 1.4, fontWeight: 600 }}>{title}</h2>
          {subtitle ? <p style={{ margin: '0 0 20px', color: palette.muted }}>{subtitle}</p> : <div style={{ height: 16 }} />}
          {children}
        </main>
        {below ? <div style={{ textAlign: 'center', marginTop: 16, color: palette.muted }}>{below}</div> : null}
      </div>
    </div>
  );
}

/** A label above its input, a hint or the field's error below it, spaced like antd's vertical form items. */
export function AuthField({ id, label, error, hint, children, extra }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode; extra?: ReactNode }) {
  const below = error ? (
    <div id={`${id}-error`} role="alert" style={{ color: palette.danger, minHeight: 24 }}>
      {error}
    </div>
  ) : hint ? (
    <div id={`${id}-hint`} style={{ minHeight: 24, fontSize: 13 }}>
      {hint}
    </div>
  ) : null;
  return (
    <div style={{ marginBottom: below ? 0 : 24 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', paddingBottom: 8 }}>
        <label htmlFor={id}>{label}</label>
        {extra}
      </div>
      {children}
      {below}
    </div>
  );
}

/** The props that tie an input to its label and its message (AuthField). */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  return {
    id,
    name: id,
    status: error ? ('error' as const) : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  };
}

/** A link in the app's accent colour (plain <a>: these pages stay light). */
export const linkStyle = { color: palette.primary, textDecoration: 'none', fontWeight: 500 } as const;
