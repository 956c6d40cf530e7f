import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { conflictMessage } from '../../domain/messages.ts';
import { type ConflictRow, conflictRows, type FieldSpec, type Values } from '../lib/conflict.ts';
import { Modal } from './Modal.tsx';
import { backgrounds, palette } from './palette.ts';

const footerStyle: CSSProperties = { display: 'flex', gap: 8, justifyContent: 'flex-end', flexWrap: 'wrap' };
const rowStyle: CSSProperties = { border: `1px solid ${palette.border}`, borderRadius: 10, padding: '10px 12px', background: backgrounds.tableHeader };
const valuesStyle: CSSProperties = { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px', margin: 0, fontSize: 13 };
const ddStyle: CSSProperties = { margin: 0, minWidth: 0, overflowWrap: 'anywhere' };

export type ConflictThing = 'assignment' | 'project' | 'engineer' | 'calendar';

type Common = {
  open: boolean;
  thing: ConflictThing;
  /** The server's words: 'This <thing> was changed by someone else. Reload to see the latest version.' */
  message: string;
  /** Who changed it, when the 409 named them: the dialog says so instead of "someone else", as the History does. */
  changedBy?: string | null;
  loading: boolean;
  removed: boolean;
  loadError: string | null;
  rows: readonly ConflictRow[];
  onRetryLoad: () => void;
  onClose: () => void;
};

/** A form's save was refused: re-apply the user's changes on the latest version, or take the latest. */
type FormProps = Common & { kind: 'form'; onReapply: () => void; onTakeLatest: () => void };
/** A one-click change was refused: run it again on the latest version, or just look at the latest. */
type ActionProps = Common & { kind: 'action'; actionLabel: string; onRetry: () => void };

/**
 * The dialog for a 409: says that someone else changed the thing first, shows what they
 * changed and what this user changed, and offers to reload the latest version. Nothing the user typed
 * is dropped unless they choose to.
 */
export function ConflictDialog(props: FormProps | ActionProps) {
  const { open, thing, loading, removed, loadError, rows, onRetryLoad, onClose } = props;
  const ready = !loading && !loadError && !removed;
  const who = props.changedBy ?? null;
  const message = who ? conflictMessage(thing, who) : props.message;

  const footer = removed ? (
    <Button onClick={onClose}>Close</Button>
  ) : props.kind === 'form' ? (
    <div style={footerStyle}>
      <Button onClick={props.onTakeLatest} disabled={!ready} data-testid="conflict-take-latest">
        Reload latest version
      </Button>
      <Button type="primary" onClick={props.onReapply} disabled={!ready} data-testid="conflict-reapply">
        Re-apply my changes
      </Button>
    </div>
  ) : (
    <div style={footerStyle}>
      <Button onClick={onClose} disabled={loading} data-testid="conflict-take-latest">
        Reload latest version
      </Button>
      <Button type="primary" onClick={props.onRetry} disabled={!ready} data-testid="conflict-retry">
        Try again on the latest
      </Button>
    </div>
  );

  return (
    <Modal
      open={open}
      title={
        <span style={{ display: 'inline-flex', gap: 10, alignItems: 'center' }}>
          <ExclamationCircleOutlined style={{ color: palette.caution }} />
          {who ?? 'Someone else'} changed this {thing}
        </span>
      }
      onCancel={onClose}
      footer={footer}
      width={560}
      destroyOnHidden
      data-testid="conflict-dialog"
    >
      <Alert type="warning" showIcon title={message} style={{ marginBottom: 16 }} data-testid="conflict-message" />
      {props.kind === 'action' ? (
        <Typography.Paragraph style={{ marginBottom: 12 }}>
          You asked to: <strong>{props.actionLabel}</strong>
        </Typography.Paragraph>
      ) : null}
      {loading ? (
        <div aria-busy="true">
          <Typography.Text type="secondary">Loading the latest version...</Typography.Text>
          <Skeleton active paragraph={{ rows: 2 }} title={false} style={{ marginTop: 8 }} />
        </div>
      ) : loadError ? (
        <Alert
          type="error"
          showIcon
          title={`The latest version could not be loaded: ${loadError}`}
          action={
            <Button size="small" onClick={onRetryLoad}>
              Try again
            </Button>
          }
        />
      ) : removed ? (
        <Alert type="info" showIcon title={`This ${thing} has since been removed.`} description={rows.length > 0 ? 'Your values are below, so you can note them down.' : undefined} />
      ) : null}

      {!loading && rows.length > 0 ? (
        <div style={{ marginTop: 16 }} data-testid="conflict-rows">
          <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
            {props.kind === 'form' ? 'What changed' : 'What changed since you loaded it'}
          </Typography.Text>
          <div style={{ display: 'grid', gap: 8 }}>
            {rows.map((row) => (
              <div key={row.key} style={rowStyle} data-testid={`conflict-row-${row.key}`}>
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', marginBottom: 4 }}>
                  <Typography.Text strong>{row.label}</Typography.Text>
                  <span style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
                    {row.clash ? (
                      <Tag color="red" style={{ marginInlineEnd: 0 }}>
                        Both changed
                      </Tag>
                    ) : row.changedByOther ? (
                      <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                        Changed by {who ?? 'someone else'}
                      </Tag>
                    ) : (
                      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                        Your change
                      </Tag>
                    )}
                  </span>
                </div>
                <dl style={valuesStyle}>
                  {row.changedByOther ? (
                    <>
                      <dt className="muted">Saved now</dt>
                      <dd style={ddStyle}>
                        {row.latest} <span className="muted">(was {row.before})</span>
                      </dd>
                    </>
                  ) : (
                    <>
                      <dt className="muted">Saved</dt>
                      <dd style={ddStyle}>{removed ? row.before : row.latest}</dd>
                    </>
                  )}
                  {row.changedByMe ? (
                    <>
                      <dt className="muted">Yours</dt>
                      <dd style={ddStyle}>
                        <strong>{row.mine}</strong>
                      </dd>
                    </>
                  ) : null}
                </dl>
              </div>
            ))}
          </div>
        </div>
      ) : null}

      {ready && props.kind === 'form' ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 13 }}>
          <strong>Re-apply my changes</strong> keeps your values on top of the latest version so you can check them and save
          again. <strong>Reload latest version</strong> drops your changes and shows what is saved now.
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}

/** What the two wrappers read of a machine's conflict (editForm / assignmentForm / rowAction). */
type MachineConflict = { message: string; changedBy?: string | null; latest: Values | null; removed: boolean; loadError: string | null } | null;

type FormConflictProps = {
  thing: ConflictThing;
  fields: readonly FieldSpec[];
  /** The form machine is in `conflict` / in `conflict.loading`. */
  open: boolean;
  loading: boolean;
  context: { base: Values; form: Values; conflict: MachineConflict };
  send: (event: { type: 'REAPPLY' } | { type: 'TAKE_LATEST' } | { type: 'RETRY_LOAD' } | { type: 'CANCEL' }) => void;
};

/** The conflict dialog of a form machine: the user's changes against the latest version. */
export function FormConflictDialog({ thing, fields, open, loading, context, send }: FormConflictProps) {
  const conflict = context.conflict;
  return (
    <ConflictDialog
      kind="form"
      open={open}
      thing={thing}
      message={conflict?.message ?? ''}
      changedBy={conflict?.changedBy ?? null}
      loading={loading}
      removed={conflict?.removed ?? false}
      loadError={conflict?.loadError ?? null}
      rows={conflictRows(fields, context.base, context.form, conflict?.latest ?? null)}
      onReapply={() => send({ type: 'REAPPLY' })}
      onTakeLatest={() => send({ type: 'TAKE_LATEST' })}
      onRetryLoad={() => send({ type: 'RETRY_LOAD' })}
      onClose={() => send({ type: 'CANCEL' })}
    />
  );
}

type RowConflictProps = {
  thing: ConflictThing;
  fields: readonly FieldSpec[];
  /** The row action machine is in `conflict` / in `conflict.loading`. */
  open: boolean;
  loading: boolean;
  context: { action: { label: string; before: Values; changes: Values | null } | null; conflict: MachineConflict };
  send: (event: { type: 'RETRY' } | { type: 'RETRY_LOAD' } | { type: 'CLOSE' }) => void;
};

/** The conflict dialog of a one-click row change: what it would set against the latest version. */
export function RowConflictDialog({ thing, fields, open, loading, context, send }: RowConflictProps) {
  const { action, conflict } = context;
  return (
    <ConflictDialog
      kind="action"
      open={open}
      thing={thing}
      message={conflict?.message ?? ''}
      changedBy={conflict?.changedBy ?? null}
      actionLabel={action?.label ?? ''}
      loading={loading}
      removed={conflict?.removed ?? false}
      loadError={conflict?.loadError ?? null}
      rows={action ? conflictRows(fields, action.before, { ...action.before, ...action.changes }, conflict?.latest ?? null) : []}
      onRetry={() => send({ type: 'RETRY' })}
      onRetryLoad={() => send({ type: 'RETRY_LOAD' })}
      onClose={() => send({ type: 'CLOSE' })}
    />
  );
}

/** What both wrappers read of a machine in or out of its `conflict` state: `{...conflictProps(state)}`. */
export function conflictProps<C>(state: { matches: (value: 'conflict' | { conflict: 'loading' }) => boolean; context: C }) {
  return { open: state.matches('conflict'), loading: state.matches({ conflict: 'loading' }), context: state.context };
}
