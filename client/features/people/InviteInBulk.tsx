import { CheckCircleOutlined, CloseOutlined, MailOutlined, SearchOutlined, UserAddOutlined, WarningOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Input, Progress, type TableColumnsType, Typography } from 'antd';
import { type Key, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import type { Engineer } from '../../../domain/entities.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { PersonCell } from '../../components/EngineerAvatar.tsx';
import { Modal } from '../../components/Modal.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { selectAllTitle } from '../../components/SelectAllTitle.tsx';
import { inviteJobProgress, startBulkInvites } from './inviteJobsApi.ts';
import { plural } from '../../lib/format.ts';
import { type BulkInviteContext, bulkInviteMachine, type Invitee, progressText } from './bulkInvite.machine.ts';
import { useEngineers } from '../../stores/engineers.ts';
import { useScreenData } from '../../stores/useScreenData.ts';

type Person = Pick<Engineer, '_id' | 'name' | 'email' | 'department'>;

const folded = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The engineers no account has the e-mail of, by name: the people an organisation moving in still has to invite. */
export function withoutAccess(engineers: readonly Person[], accounts: readonly Pick<AccountView, 'email'>[]): Person[] {
  const taken = new Set(accounts.map((a) => a.email.toLowerCase()));
  return engineers.filter((e) => !taken.has(e.email.toLowerCase())).sort((a, b) => a.name.localeCompare(b.name));
}

const columns: TableColumnsType<Person> = [
  { title: 'Person', key: 'person', render: (_, p) => <PersonCell name={p.name} lines={[p.email]} /> },
  { title: 'Team', key: 'team', render: (_, p) => p.department },
];

/**
 * People & access's "Without access" section: the engineers who cannot sign in yet (no account has
 * their e-mail), chosen in any number ("select all" takes every one the search matches, on every page)
 * and invited as engineers in one job, whose progress the dialog follows to the end. `onInvited`
 * reloads the accounts list as the invitations arrive and when they are done.
 */
export function InviteInBulk({ accounts, loaded, onInvited }: { accounts: readonly AccountView[]; loaded: boolean; onInvited: () => void }) {
  useScreenData(['engineers']);
  const engineers = useEngineers();
  const people = useMemo(() => (Array.isArray(engineers.data) ? withoutAccess(engineers.data as readonly Person[], accounts) : []), [engineers.data, accounts]);
  const [search, setSearch] = useState('');
  const words = useDeferredValue(search);
  const shown = useMemo(() => {
    const asked = folded(words.trim()).split(/\s+/).filter(Boolean);
    return asked.length === 0 ? people : people.filter((p) => asked.every((w) => folded(`${p.name} ${p.email} ${p.department}`).includes(w)));
  }, [people, words]);
  const shownIds = useMemo(() => shown.map((p) => p._id), [shown]);

  const [state, send] = useMachine(bulkInviteMachine.provide({
    actors: {
      start: fromPromise(({ input }) => startBulkInvites(input)),
      progress: fromPromise(({ input }) => inviteJobProgress(input)),
    },
  }));
  useEffect(() => send({ type: 'KEEP_ONLY', ids: shownIds }), [shownIds, send]);
  // The accounts list follows the job: once at its end (its invitations then show as Invited).
  const onInvitedRef = useRef(onInvited);
  onInvitedRef.current = onInvited;
  const finished = state.matches('finished');
  useEffect(() => {
    if (finished) onInvitedRef.current();
  }, [finished]);

  const { selected } = state.context;
  const byId = useMemo(() => new Map(people.map((p) => [p._id, p])), [people]);
  const choose = () => {
    const invitees: Invitee[] = selected.flatMap((id) => {
      const person = byId.get(id);
      return person ? [{ email: person.email, name: person.name, role: 'engineer' as const }] : [];
    });
    send({ type: 'CHOOSE', invitees });
  };
  const none = selected.length === 0;
  const dialog = (
    <BulkInviteDialog
      open={!state.matches('idle')}
      phase={state.matches('confirming') ? 'confirming' : state.matches('finished') ? 'finished' : 'working'}
      context={state.context}
      onConfirm={() => send({ type: 'CONFIRM' })}
      onCancel={() => send({ type: 'CANCEL' })}
      onClose={() => send({ type: 'CLOSE' })}
    />
  );
  // The dialog outlives the section: once everyone chosen is invited, nobody may be left without access.
  if (!loaded || people.length === 0) return dialog;

  return (
    <SectionCard
      title="Without access"
      subtitle={`${plural(people.length, 'engineer')} cannot sign in yet: no account has their e-mail`}
      icon={<UserAddOutlined />}
      bodyPadding={0}
      testId="without-access"
    >
      <div role="toolbar" aria-label="Invite the chosen people" data-testid="people-bulk-bar"
        style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '14px 20px 0' }}>
        <Input
          allowClear
          prefix={<SearchOutlined className="muted" />}
          placeholder="Search name, e-mail or team"
          aria-label="Search people without access"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 280 }}
          data-testid="without-access-search"
        />
        <Typography.Text strong={!none} type={none ? 'secondary' : undefined} data-testid="invite-bulk-selected">
          {none ? 'Choose people to invite them together' : `${plural(selected.length, 'person', 'people')} chosen`}
        </Typography.Text>
        {selected.length < shownIds.length ? (
          <Button size="small" type="link" onClick={() => send({ type: 'SELECT_ALL', ids: shownIds })} data-testid="invite-bulk-select-all">
            Select all {shownIds.length} matching
          </Button>
        ) : null}
        <span style={{ marginInlineStart: 'auto', display: 'flex', gap: 8 }}>
          <Button type="primary" icon={<MailOutlined />} disabled={none} onClick={choose} data-testid="invite-bulk">
            Invite{none ? '' : ` ${selected.length}`}
          </Button>
          <Button type="text" icon={<CloseOutlined />} disabled={none} onClick={() => send({ type: 'CLEAR' })}>
            Clear
          </Button>
        </span>
      </div>
      <DataTable<Person>
        size="middle"
        columns={columns}
        dataSource={shown}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys: Key[]) => send({ type: 'SELECT', ids: keys.map(String) }), columnWidth: 32, columnTitle: selectAllTitle }}
      />
      {dialog}
    </SectionCard>
  );
}

type DialogProps = {
  open: boolean;
  phase: 'confirming' | 'working' | 'finished';
  context: BulkInviteContext;
  onConfirm: () => void;
  onCancel: () => void;
  onClose: () => void;
};

/** The confirm step naming how many, then the job's progress (made and sent, of how many) and what failed. */
export function BulkInviteDialog({ open, phase, context, onConfirm, onCancel, onClose }: DialogProps) {
  const { invitees, job, error, failures } = context;
  const who = plural(invitees.length, 'person', 'people');
  const footer =
    phase === 'confirming'
      ? [
          <Button key="cancel" onClick={onCancel}>Cancel</Button>,
          <Button key="ok" type="primary" icon={<MailOutlined />} onClick={onConfirm} data-testid="invite-bulk-confirm">Invite {who}</Button>,
        ]
      : [
          <Button key="done" type="primary" disabled={phase !== 'finished'} onClick={onClose} data-testid="invite-bulk-done">
            {phase === 'finished' ? 'Done' : 'Inviting...'}
          </Button>,
        ];
  const percent = job && job.total > 0 ? Math.round((100 * (job.mailed ?? job.done)) / job.total) : 0;
  return (
    <Modal
      open={open}
      title={phase === 'confirming' ? `Invite ${who} as engineers` : `Inviting ${who}`}
      onCancel={phase === 'confirming' ? onCancel : phase === 'finished' ? onClose : undefined}
      closable={phase !== 'working'}
      mask={{ closable: false }}
      footer={footer}
      destroyOnHidden
      data-testid="invite-bulk-dialog"
    >
      {phase === 'confirming' ? (
        <>
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="invite-bulk-error" /> : null}
          <Typography.Paragraph>
            Each gets an invitation link (by e-mail when this server sends mail) to choose a password and sign in as an engineer, linked to
            their engineer record. If any of them has an account already, nobody is invited and the list says who.
          </Typography.Paragraph>
        </>
      ) : (
        <div data-testid="invite-bulk-progress">
          <Progress percent={percent} status={phase === 'finished' ? (failures.length > 0 || error ? 'exception' : 'success') : 'active'} />
          <Typography.Text className="tabular" data-testid="invite-bulk-figures">{job ? progressText(job) : 'Starting...'}</Typography.Text>
          {phase === 'finished' && failures.length === 0 && !error ? (
            <Alert type="success" showIcon icon={<CheckCircleOutlined />} style={{ marginTop: 12 }} title={`All ${who} are invited`} data-testid="invite-bulk-complete" />
          ) : null}
          {error ? <Alert type="warning" showIcon title={error} style={{ marginTop: 12 }} /> : null}
        </div>
      )}
      {failures.length > 0 ? (
        <Alert
          type="error"
          showIcon
          icon={<WarningOutlined />}
          style={{ marginTop: 12 }}
          title={phase === 'confirming' ? 'Nobody was invited' : 'Not everything went through'}
          description={<ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 160, overflow: 'auto' }}>{failures.map((f) => <li key={f}>{f}</li>)}</ul>}
          data-testid="invite-bulk-failures"
        />
      ) : null}
    </Modal>
  );
}
