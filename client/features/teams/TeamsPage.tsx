import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useBusyAction } from '../../components/useBusyAction.ts';
import { plural } from '../../lib/format.ts';
import { teamsApi, type TeamView } from './teamsApi.ts';
import { useLiveQuery, type LiveQuerySource } from '../../stores/useLiveQuery.ts';

/** The teams as the server has them, fetched again after every live change (a team or someone's move). */
const teamsSource: LiveQuerySource<object, TeamView[]> = { live: (_p, signal) => teamsApi.list(signal), past: () => [] };

/** A team's place in the tree: "Engineering / Platform". */
function pathOf(team: TeamView, byId: Map<string, TeamView>): string {
  const names = [team.name];
  for (let at = team.parentId, steps = 0; at && steps < byId.size; steps++) {
    const parent = byId.get(at);
    if (!parent) break;
    names.unshift(parent.name);
    at = parent.parentId;
  }
  return names.join(' / ');
}

/** Teams: named, nestable; admins and org-wide managers change them (the server refuses anyone else). */
export default function TeamsPage() {
  const { data, loading, error } = useLiveQuery(teamsSource, {});
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState<string | null>(null);
  const { busy, run } = useBusyAction();
  const teams = data ?? [];
  const byId = new Map(teams.map((t) => [t._id, t]));
  const sorted = [...teams].sort((a, b) => pathOf(a, byId).localeCompare(pathOf(b, byId)));
  return (
    <>
      <PageHeader title="Teams" subtitle="Named teams, one inside another; each engineer is in one team from a date." />
      <SectionCard
        title="Teams"
        extra={(
          <Space.Compact>
            <Input aria-label="New team name" placeholder="New team" value={name} onChange={(e) => setName(e.target.value)} style={{ width: 180 }} />
            <Select
              aria-label="Inside team" allowClear placeholder="Inside (optional)" style={{ width: 200 }} value={parentId ?? undefined}
              options={sorted.map((t) => ({ value: t._id, label: pathOf(t, byId) }))} onChange={(v?: string) => setParentId(v ?? null)}
            />
            <Button
              type="primary" icon={<PlusOutlined />} loading={busy} disabled={!name.trim()}
              onClick={() => void run(async () => { await teamsApi.create(name.trim(), parentId); setName(''); }, 'Team created')}
            >Add team</Button>
          </Space.Compact>
        )}
        testId="teams"
      >
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        <Table<TeamView>
          rowKey="_id" loading={loading && !data} dataSource={sorted} pagination={false} size="middle"
          columns={[
            {
              title: 'Team', key: 'name',
              render: (_, t) => (
                <Typography.Text
                  data-testid="team-name"
                  editable={{ onChange: (next) => { if (next.trim() && next !== t.name) void run(() => teamsApi.change(t._id, t.version, { name: next.trim() }), 'Team renamed'); } }}
                >{t.name}</Typography.Text>
              ),
            },
            { title: 'Inside', key: 'parent', render: (_, t) => (t.parentId ? pathOf(byId.get(t.parentId) ?? t, byId) : <Typography.Text type="secondary">top level</Typography.Text>) },
            { title: 'People', key: 'members', render: (_, t) => <Tooltip title={t.members.map((m) => m.name).join(', ')}>{plural(t.members.length, 'person', 'people')}</Tooltip> },
            { title: 'Managers', key: 'managers', render: (_, t) => t.managers.map((m) => <Tag key={m._id}>{m.name}</Tag>) },
            {
              title: '', key: 'actions', width: 60,
              render: (_, t) => (
                <Tooltip title={t.members.length > 0 ? 'Move its people to another team first' : 'Remove team'}>
                  <Button
                    aria-label={`Remove ${t.name}`} type="text" danger icon={<DeleteOutlined />} disabled={busy || t.members.length > 0}
                    onClick={() => void run(() => teamsApi.remove(t._id), 'Team removed')}
                  />
                </Tooltip>
              ),
            },
          ]}
        />
      </SectionCard>
    </>
  );
}
