import { CheckCircleOutlined, ClockCircleOutlined, FolderOutlined, PlusOutlined, ProjectOutlined, SyncOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Button, message as messageApi, type TableColumnsType, type TableProps, Tag } from 'antd';
import { useDeferredValue, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { fromPromise } from 'xstate';
import type { Project } from '../../../domain/entities.ts';
import { countByStatus } from '../../../domain/figures.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { ListEmptyState } from '../../components/ListEmptyState.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { openRolesText, usePlaceholderPlanning } from '../planning/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { ProjectStatusTag, SkillTags } from '../../components/tags.tsx';
import { dateRange, shortDate } from '../../lib/format.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { useCanPlan } from '../../stores/permissions.ts';
import { createProjectMachine } from './createProject.machine.ts';
import { useEngineers } from '../../stores/engineers.ts';
import { useProfile } from '../../stores/profile.ts';
import { loadProjects, useProjects } from '../../stores/projects.ts';
import { PROJECTS_COLLECTIONS, useScreenData } from '../../stores/useScreenData.ts';
import { CreateProjectDialog } from './CreateProjectDialog.tsx';
import { skillOptions, teamSizeText } from './projectActions.ts';
import { columnSortOrder, projectPath, sortOfColumn } from './listQuery.ts';
import { ProjectFilters } from './ProjectFilters.tsx';
import { useProjectPlanning } from './ProjectPlanning.tsx';
import { useProjectList } from './useProjectList.ts';
import { createProject } from './projectApi.ts';
import { textColors } from '../../components/palette.ts';

type Placeholders = { open: (projectId: string) => void; countOf: (projectId: string) => number };

/** The name (opening the project's page), a Tentative tag for a project not won yet, and its open roles (placeholders), which open their list. */
const nameColumn = (placeholders: Placeholders, sort: string | null): TableColumnsType<Project>[number] => ({
  title: 'Project Name',
  key: 'name',
  render: (_, p) => {
    const open = placeholders.countOf(p._id);
    return (
      <div style={{ minWidth: 130, maxWidth: 180 }}>
        <Link to={projectPath(p._id)} style={{ display: 'block', fontWeight: 600 }} data-testid="project-link">
          {p.name}
        </Link>
        {p.tentative || open > 0 ? (
          <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 4 }}>
            {p.tentative ? (
              <Tag color="orange" variant="outlined" style={{ marginInlineEnd: 0, borderStyle: 'dashed' }} data-testid="tentative-tag">
                Tentative
              </Tag>
            ) : null}
            {open > 0 ? (
              <Tag color="purple" style={{ marginInlineEnd: 0, cursor: 'pointer' }} onClick={() => placeholders.open(p._id)} data-testid="open-roles">
                {openRolesText(open)}
              </Tag>
            ) : null}
          </span>
        ) : null}
      </div>
    );
  },
  sorter: true,
  sortOrder: columnSortOrder('name', sort),
});

/** The other columns; Timeline and Status sort on the server, so each shows the list's current sort. */
const columnsFor = (sort: string | null): TableColumnsType<Project> => [
  {
    title: 'Description',
    key: 'description',
    render: (_, p) => (
      <div className="clamp-2" style={{ maxWidth: 200, minWidth: 180, color: textColors.label }} title={p.description}>
        {p.description}
      </div>
    ),
  },
  {
    title: 'Timeline',
    key: 'timeline',
    // Wraps after the dash on narrow tables: 'Nov 05, 2026 -' over 'Dec 01, 2026'.
    render: (_, p) => (
      <span style={{ display: 'block', maxWidth: 120 }} title={dateRange(p.startDate, p.endDate)}>
        <span style={{ whiteSpace: 'nowrap' }}>{shortDate(p.startDate)} -</span>{' '}
        <span style={{ whiteSpace: 'nowrap' }}>{shortDate(p.endDate)}</span>
      </span>
    ),
    sorter: true,
    sortOrder: columnSortOrder('timeline', sort),
  },
  {
    title: 'Team Size',
    key: 'teamSize',
    render: (_, p) => <span className="tabular" style={{ whiteSpace: 'nowrap' }}>{teamSizeText(p.teamSize)}</span>,
  },
  { title: 'Required Skills', key: 'skills', render: (_, p) => <div style={{ minWidth: 140, maxWidth: 190 }}><SkillTags skills={p.requiredSkills} /></div> },
  { title: 'Status', key: 'status', render: (_, p) => <ProjectStatusTag status={p.status} />, sorter: true, sortOrder: columnSortOrder('status', sort) },
];

/**
 * Projects: four cards, the directory (searched, filtered, sorted and paged by the server; a name opens
 * the project's page) and the Create New Project dialog.
 */
// Open roles (placeholders) show on each row.
const SCREEN_COLLECTIONS = [...PROJECTS_COLLECTIONS, 'placeholders'] as const;

export default function ProjectsPage() {
  useScreenData(SCREEN_COLLECTIONS);
  const projects = useProjects();
  const engineers = useEngineers();
  const profile = useProfile();
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;
  const list = useProjectList();
  const listRef = useRef(list);
  listRef.current = list;
  // The table renders new rows in React's time slices; the count above it waits for the same slice.
  const shownTotal = useDeferredValue(list.total);

  const machine = useMemo(
    () =>
      createProjectMachine.provide({
        actors: { createProject: fromPromise(({ input }) => createProject(input)) },
        actions: {
          alert: (_, params) => {
            if (params.kind === 'success') void messageRef.current.success(params.text);
            else void messageRef.current.error(params.text);
          },
          reloadProjects: () => {
            void loadProjects();
            listRef.current.refresh();
          },
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: {} });

  const counts = useMemo(() => countByStatus(projects.data), [projects.data]);
  const skills = useMemo(() => skillOptions(engineers.data, projects.data), [engineers.data, projects.data]);
  const loading = !projects.loaded && projects.loading;
  // Managers create, edit and move projects; engineers and auditors never see those
  // controls, and nobody does while the app shows a past moment.
  const canPlan = useCanPlan();
  const isMobile = useIsMobile();
  const placeholders = usePlaceholderPlanning({ projects: projects.data, skills });
  const planning = useProjectPlanning({ skills, placeholders });
  const shown: TableColumnsType<Project> = [nameColumn(placeholders, list.sort), ...columnsFor(list.sort)];
  const shownColumns: TableColumnsType<Project> = canPlan
    ? [...shown, { title: 'Actions', key: 'actions', fixed: isMobile ? undefined : 'right', render: (_, p) => planning.renderActions(p) }]
    : shown;

  const onTableChange: TableProps<Project>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      list.setSort(sortOfColumn(one?.columnKey, one?.order ?? null));
    } else if (action === 'paginate') {
      list.setPage(pagination.current ?? 1);
    }
  };

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => send({ type: 'OPEN' })} data-testid="add-project">
      Add Project
    </Button>
  );

  return (
    <div>
      {messageHolder}
      <PageHeader
        title="Projects"
        subtitle="Every project in your portfolio, its timeline and the skills it needs"
        extra={canPlan ? addButton : undefined}
      />
      <LoadErrors errors={[projects.error, engineers.error, list.error]} />
      <StatGrid>
        <StatCard title="Total Projects" value={projects.data.length} hint="All projects" icon={<ProjectOutlined />} loading={loading} testId="card-total-projects" />
        <StatCard title="Active Projects" value={counts.active} hint="Currently running" icon={<SyncOutlined />} tone="green" loading={loading} testId="card-active-projects" />
        <StatCard title="Planning Phase" value={counts.planning} hint="In planning" icon={<ClockCircleOutlined />} tone="amber" loading={loading} testId="card-planning-phase" />
        <StatCard title="Completed" value={counts.completed} hint="Successfully delivered" icon={<CheckCircleOutlined />} tone="slate" loading={loading} testId="card-completed" />
      </StatGrid>
      <SectionCard
        title="Projects Directory"
        subtitle={list.loading && list.rows.length === 0 ? 'Loading projects...' : `${shownTotal} ${shownTotal === 1 ? 'project' : 'projects'}`}
        icon={<FolderOutlined />}
        bodyPadding={0}
        testId="projects-directory"
      >
        <ProjectFilters search={list.search} filters={list.filters} onSearch={list.setSearch} onFilter={list.setFilter} isMobile={isMobile} />
        <DataTable<Project>
          // Denser cells: with the Actions column pinned right, every column still fits at 1440 px.
          size="middle"
          columns={shownColumns}
          dataSource={list.rows}
          loading={list.loading}
          pagination={{ current: list.page, pageSize: list.pageSize, total: list.total }}
          onChange={onTableChange}
          empty={
            <ListEmptyState
              icon={<FolderOutlined />}
              things="projects"
              filtered={Boolean(list.search || list.filters.status || list.filters.tentative || list.filters.openRoles)}
              filteredTitle="No projects found"
              filteredHint="Try adjusting your search or filter criteria"
              noneHint="Create your first project with Add Project"
            />
          }
        />
      </SectionCard>
      <CreateProjectDialog
        open={!state.matches('closed')}
        submitting={state.matches('submitting')}
        context={state.context}
        skills={skills}
        managerId={profile.data?._id}
        send={send}
      />
      {canPlan ? planning.dialogs : null}
      {placeholders.dialogs}
    </div>
  );
}
