import {
  ArrowLeftOutlined, CalendarOutlined, EditOutlined, FieldTimeOutlined, FolderOpenOutlined, TeamOutlined, UserAddOutlined,
} from '@ant-design/icons';
import { useActorRef } from '@xstate/react';
import { Button, Descriptions, message as messageApi, Skeleton, Switch, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { fromPromise } from 'xstate';
import type { Assignment, Project } from '../../../domain/entities.ts';
import { assignmentStatus, type AssignmentStatus } from '../../../domain/figures.ts';
import { useAssignmentPlanning, usePlaceholderPlanning } from '../planning/index.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { PersonCell } from '../../components/EngineerAvatar.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { AssignmentStatusTag, ProjectStatusTag, SkillTags } from '../../components/tags.tsx';
import { dateRange, percent, plural } from '../../lib/format.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { undoCommand } from '../planning/index.ts';
import { undoMachine } from '../../machines/undo.machine.ts';
import { loadAssignments, useAssignments } from '../../stores/assignments.ts';
import { loadPlaceholders, usePlaceholders } from '../../stores/capacityFacts.ts';
import { useEngineers } from '../../stores/engineers.ts';
import { useCanPlan } from '../../stores/permissions.ts';
import { loadProjects, useProjects } from '../../stores/projects.ts';
import { useNow } from '../../stores/useNow.ts';
import { ALL_COLLECTIONS, useScreenData } from '../../stores/useScreenData.ts';
import { useProfile } from '../../stores/profile.ts';
import { skillOptions, teamSizeText } from './projectActions.ts';
import { ProjectHistory } from './ProjectHistory.tsx';
import { useProjectPlanning } from './ProjectPlanning.tsx';
import { ProjectTimeline } from './ProjectTimeline.tsx';
import { openRolesSummary, teamOf, teamFigures } from './projectPage.ts';
import { lastKnownTimeZone, orgTimeZone } from '../../lib/orgTimeZone.ts';
import { borderColors, palette } from '../../components/palette.ts';

const SCREEN_COLLECTIONS = [...ALL_COLLECTIONS, 'placeholders'] as const;

type TeamRow = Assignment & { status: AssignmentStatus };

/**
 * A page per project (/projects/:id): its details and tentative or confirmed state (a manager switches
 * it), its team (the assignments, with their people) and open roles, its timeline, where a manager
 * drags a bar to move it or an edge to change its dates, and its history. A change made here can be
 * undone from the message that says it was made.
 */
export default function ProjectPage() {
  const { id = '' } = useParams();
  useScreenData(SCREEN_COLLECTIONS);
  const projects = useProjects();
  const assignments = useAssignments();
  const engineers = useEngineers();
  const placeholders = usePlaceholders();
  const profile = useProfile();
  const now = useNow();
  const isMobile = useIsMobile();
  const canPlan = useCanPlan();
  const readsHistory = profile.data?.role === 'manager' || profile.data?.role === 'auditor';
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;

  const project = projects.data.find((p) => p._id === id) ?? null;
  const team = useMemo(() => teamOf(assignments.data as readonly Assignment[], id), [assignments.data, id]);
  const openRoles = useMemo(() => placeholders.data.filter((p) => p.projectId === id), [placeholders.data, id]);
  const figures = useMemo(() => teamFigures(team, now), [team, now]);
  // Until the lists have first come (or failed), an empty team is not yet known to be empty.
  const teamLoading = !assignments.loaded && assignments.error === null;
  const rolesLoading = !placeholders.loaded && placeholders.error === null;
  const skills = useMemo(() => skillOptions(engineers.data, projects.data), [engineers.data, projects.data]);

  // Undo: each change made here is offered back in its message, as on the schedule.
  const undo = useActorRef(undoMachine.provide({ actors: { undo: fromPromise(({ input }) => undoCommand(input.commandId)) } }));
  useEffect(() => {
    const subscriptions = [
      undo.on('undone', ({ entry }) => {
        void messageRef.current.success({ key: entry.commandId, content: `Undone: ${entry.label}` });
        void loadAssignments();
        void loadProjects();
        void loadPlaceholders();
      }),
      undo.on('failed', ({ entry, message: text }) => void messageRef.current.error({ key: entry.commandId, content: text, duration: 6 })),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [undo]);
  const offerUndo = ({ commandId, label, said }: { commandId: string; label: string; said: string }) => {
    undo.send({ type: 'RECORD', entry: { commandId, label } });
    void messageRef.current.success({
      key: commandId,
      duration: 8,
      content: (
        <span>
          {said}{' '}
          <Button size="small" type="link" onClick={() => undo.send({ type: 'UNDO_ONE', commandId })} data-testid="undo-button">
            Undo
          </Button>
        </span>
      ),
    });
  };

  const planning = useAssignmentPlanning({ engineers: engineers.data, assignments: assignments.data, projects: projects.data, onUndoable: offerUndo });
  const roles = usePlaceholderPlanning({ projects: projects.data, skills });
  const projectPlanning = useProjectPlanning({ skills, placeholders: roles, onUndoable: offerUndo });

  if (!project) {
    const loading = !projects.loaded || projects.loading;
    return (
      <div>
        <BackLink />
        {loading ? <Skeleton active paragraph={{ rows: 6 }} /> : <EmptyState icon={<FolderOpenOutlined />} title="Project not found" hint="It may have been removed, or the address is wrong." />}
        <LoadErrors errors={[projects.error]} />
      </div>
    );
  }

  const rows: TeamRow[] = team.map((a) => ({ ...a, status: assignmentStatus(a, now, orgTimeZone()) }));
  const columns: TableColumnsType<TeamRow> = [
    { title: 'Person', key: 'person', render: (_, a) => <PersonCell name={a.engineerId.name} lines={[a.engineerId.email]} /> },
    { title: 'Role', key: 'role', render: (_, a) => <span style={{ display: 'block', minWidth: 100 }}>{a.role}</span> },
    { title: 'Allocation', key: 'allocation', render: (_, a) => <Tag color="blue" className="tabular">{percent(a.allocationPercentage)}</Tag> },
    { title: 'Dates', key: 'dates', render: (_, a) => <span style={{ whiteSpace: 'nowrap' }}>{dateRange(a.startDate, a.endDate)}</span> },
    { title: 'Status', key: 'status', render: (_, a) => <AssignmentStatusTag status={a.status} /> },
    ...(canPlan ? [{ title: 'Actions', key: 'actions', render: (_: unknown, a: TeamRow) => planning.renderActions(a) }] : []),
  ];
  const assignable = project.status !== 'completed';
  // One sentence for the card and the section, from the posted roles and the team against its size.
  const rolesSummary = openRolesSummary(openRoles.length, figures.people, project.teamSize);

  return (
    <div data-testid="project-page">
      {messageHolder}
      <BackLink />
      <PageHeader
        title={<span data-testid="project-name">{project.name}</span>}
        subtitle={project.description}
        extra={
          canPlan ? (
            <>
              <Button icon={<EditOutlined />} onClick={() => projectPlanning.openEdit(project)} data-testid="project-edit">
                Edit
              </Button>
              {projectPlanning.renderStatusButton(project)}
            </>
          ) : undefined
        }
      />
      <LoadErrors errors={[projects.error, assignments.error, placeholders.error]} />
      <StatGrid>
        <StatCard title="Team" value={figures.people} hint={`of ${teamSizeText(project.teamSize)} wanted`} icon={<TeamOutlined />} loading={teamLoading} testId="card-team" />
        <StatCard title="Allocated now" value={percent(figures.allocatedNow)} hint="Sum of today's allocations" icon={<FieldTimeOutlined />} tone="green" loading={teamLoading} testId="card-allocated" />
        <StatCard title="Open roles" value={openRoles.length} hint={rolesSummary} icon={<UserAddOutlined />} tone="violet" loading={rolesLoading || teamLoading} testId="card-open-roles" />
        <StatCard title="Timeline" value={plural(figures.weeks(project), 'week')} hint={dateRange(project.startDate, project.endDate)} icon={<CalendarOutlined />} tone="slate" testId="card-timeline" />
      </StatGrid>

      <div className="project-page-grid" style={{ display: 'grid', gridTemplateColumns: isMobile ? '1fr' : 'minmax(0, 2fr) minmax(0, 1fr)', gap: 16, marginTop: 16 }}>
        <SectionCard title="Details" icon={<FolderOpenOutlined />} testId="project-details">
          <Descriptions column={isMobile ? 1 : 2} size="small" colon={false} labelStyle={{ color: palette.muted }}>
            <Descriptions.Item label="Status"><ProjectStatusTag status={project.status} /></Descriptions.Item>
            <Descriptions.Item label="Dates">{dateRange(project.startDate, project.endDate)}</Descriptions.Item>
            <Descriptions.Item label="Team size">{teamSizeText(project.teamSize)}</Descriptions.Item>
            <Descriptions.Item label="Skills"><SkillTags skills={project.requiredSkills} max={6} /></Descriptions.Item>
            <Descriptions.Item label="Pipeline">
              <TentativeState project={project} canPlan={canPlan} busy={projectPlanning.tentativeBusy(project._id)} onToggle={() => projectPlanning.toggleTentative(project)} />
            </Descriptions.Item>
          </Descriptions>
        </SectionCard>
        <SectionCard
          title="Open roles"
          subtitle={rolesLoading || teamLoading ? 'Loading open roles...' : rolesSummary}
          icon={<UserAddOutlined />}
          testId="project-open-roles"
          extra={canPlan ? <Button size="small" onClick={() => roles.open(project._id)} data-testid="manage-open-roles">Manage</Button> : undefined}
        >
          {rolesLoading ? (
            <Skeleton active paragraph={{ rows: 2 }} title={false} />
          ) : openRoles.length === 0 ? (
            <Typography.Text type="secondary">No open roles on this project.</Typography.Text>
          ) : (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {openRoles.map((p) => (
                <li key={p._id} style={{ padding: '6px 0', borderBottom: `1px solid ${borderColors.faint}` }} data-testid="open-role">
                  <strong>{p.role}</strong> · {percent(p.allocationPercentage)} · {dateRange(p.startDate, p.endDate)}
                  {p.skills.length > 0 ? <div style={{ marginTop: 4 }}><SkillTags skills={p.skills} /></div> : null}
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </div>

      <div style={{ marginTop: 16 }}>
        <SectionCard
          title="Team"
          subtitle={teamLoading ? 'Loading the team...' : rows.length === 0 ? 'Nobody is assigned yet' : `${plural(rows.length, 'assignment')}, ${plural(figures.people, 'person', 'people')}`}
          icon={<TeamOutlined />}
          bodyPadding={0}
          testId="project-team"
          extra={
            canPlan && assignable ? (
              <Button type="primary" size="small" icon={<UserAddOutlined />} onClick={() => planning.openCreate(project)} data-testid="project-add-person">
                Add person
              </Button>
            ) : undefined
          }
        >
          <DataTable<TeamRow>
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={teamLoading}
            empty={<EmptyState icon={<TeamOutlined />} title="Nobody on this project yet" hint={canPlan && assignable ? 'Add a person to start its team' : undefined} />}
          />
        </SectionCard>
      </div>

      <div style={{ marginTop: 16 }}>
        <SectionCard title="Timeline" subtitle="Its team and open roles, week by week" icon={<CalendarOutlined />} testId="project-timeline-card">
          <ProjectTimeline
            project={project}
            assignments={team}
            placeholders={openRoles}
            canDrag={canPlan && assignable}
            timeZone={lastKnownTimeZone()}
            isMobile={isMobile}
            now={now}
            onOpen={(a) => canPlan && planning.openEdit(a)}
            onCommit={(action) => planning.run(action)}
            running={planning.running}
          />
        </SectionCard>
      </div>

      {readsHistory ? (
        <div style={{ marginTop: 16 }}>
          <ProjectHistory projectId={project._id} />
        </div>
      ) : null}

      {canPlan ? planning.dialogs : null}
      {canPlan ? projectPlanning.dialogs : null}
      {roles.dialogs}
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/projects" style={{ display: 'inline-flex', gap: 6, alignItems: 'center', marginBottom: 12, fontSize: 13 }} data-testid="back-to-projects">
      <ArrowLeftOutlined /> All projects
    </Link>
  );
}

/** Tentative (a pipeline project not won yet: its work counts apart) or confirmed, with the switch for a manager. */
function TentativeState({ project, canPlan, busy, onToggle }: { project: Project; canPlan: boolean; busy: boolean; onToggle: () => void }) {
  const label = project.tentative ? (
    <Tag color="orange" variant="outlined" style={{ borderStyle: 'dashed' }} data-testid="project-tentative-state">Tentative</Tag>
  ) : (
    <Tag color="green" data-testid="project-tentative-state">Confirmed</Tag>
  );
  if (!canPlan) return label;
  const locked = project.status === 'completed' && !project.tentative;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Tooltip title={locked ? 'A completed project cannot be tentative' : project.tentative ? 'Confirm it: the project was won' : 'Mark it tentative: not won yet'}>
        <Switch
          checked={!project.tentative}
          checkedChildren="Confirmed"
          unCheckedChildren="Tentative"
          loading={busy}
          disabled={locked}
          onChange={onToggle}
          aria-label="Confirmed or tentative"
          data-testid="project-tentative-switch"
        />
      </Tooltip>
      {label}
    </span>
  );
}
