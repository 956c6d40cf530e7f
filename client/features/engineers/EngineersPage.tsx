import { useActualsDialog, useEngineerDays, useHolidaysDialog, useTimeOffPlanning } from '../planning/index.ts';
import { weekBefore } from '../../../domain/actuals/weeks.ts';
import { useNow } from '../../stores/useNow.ts';
import { CalendarOutlined, FieldTimeOutlined, LockOutlined, FilterOutlined, ScheduleOutlined, RiseOutlined, TeamOutlined, UserAddOutlined, UserSwitchOutlined, WarningOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Badge, Button, Select, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { Assignment, Engineer } from '../../../domain/entities.ts';
import { availabilityLists, countByUtilization, type EngineerFilter, type EngineerWithFigures, matchesEngineerFilter, skillsMatchingFirst, withLoads } from '../../../domain/figures.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { PersonCell } from '../../components/EngineerAvatar.tsx';
import { ListEmptyState } from '../../components/ListEmptyState.tsx';
import { InTurn } from '../../components/InTurn.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SaveViewButton } from '../../components/SaveViewButton.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { PercentBar, SeniorityTag, SkillTags, UtilizationTag, utilizationColors } from '../../components/tags.tsx';
import { afterNextPaint } from '../../lib/afterPaint.ts';
import { allocationOfCapacity, capitalize, loadPercent, percent, plural } from '../../lib/format.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { todayDate } from '../../lib/weeks.ts';
import { freeRangeMachine } from './freeRange.machine.ts';
import { useCanPlan } from '../../stores/permissions.ts';
import { activeFilterCount, engineersFilterMachine, toEngineerFilter } from './engineersFilter.machine.ts';
import { useEngineerFigures } from '../../stores/usePlanFigures.ts';
import { loadCollections } from '../../stores/plan.ts';
import { useProfile } from '../../stores/profile.ts';
import { useScreenData } from '../../stores/useScreenData.ts';
import { usePastMoment } from '../../stores/viewMode.ts';
import { useAvailableEngineers } from './availableApi.ts';
import { AvailabilityPlanning } from './AvailabilityPlanning.tsx';
import { useEngineerPlanning } from './EngineerPlanning.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { useReach } from '../../stores/reach.ts';
import { membersOfTeam } from '../../../domain/teams/scope.ts';
import { useTeamOptions, useTeams } from '../../stores/teams.ts';

import { useEngineersBulk } from './EngineersBulkBar.tsx';
import { FreeOverRange } from './FreeOverRange.tsx';
import { useCurrentLoad } from '../../stores/useCurrentLoad.ts';
import { availableCapacityText, directorySubtitle, skillChoices } from './engineerFields.ts';
import { fitColors } from '../../components/palette.ts';

type Row = EngineerWithFigures<Engineer, Assignment>;

const columns: TableColumnsType<Row> = [
  {
    title: 'Engineer',
    key: 'engineer',
    render: (_, e) => <PersonCell name={e.name} avatar={e.avatar} lines={[e.email, e.department]} />,
  },
  { title: 'Skills', key: 'skills', render: (_, e) => <div style={{ minWidth: 100, maxWidth: 120 }}><SkillTags skills={e.skills} /></div> },
  { title: 'Seniority', key: 'seniority', render: (_, e) => <SeniorityTag seniority={e.seniority} /> },
  {
    title: 'Work Type',
    key: 'workType',
    render: (_, e) => (
      <div style={{ lineHeight: 1.35, whiteSpace: 'nowrap' }}>
        {capitalize(e.workType)}{' '}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          ({percent(e.maxCapacity)})
        </Typography.Text>
      </div>
    ),
  },
  {
    title: 'Capacity',
    key: 'capacity',
    render: (_, e) => (
      // Narrow enough that the selection box a manager's rows start with still leaves the table inside 1440 px.
      <div style={{ minWidth: 116, maxWidth: 126 }}>
        {/* The load leads (the figure every screen shows for this person); the spec's allocation stands under it, labelled. */}
        <div className="tabular" style={{ fontSize: 13 }} data-testid="engineer-load">
          <strong>{loadPercent(e.utilizationPercentage)}</strong> load
        </div>
        <Typography.Text type="secondary" className="tabular" style={{ display: 'block', fontSize: 12, marginBottom: 4 }} data-testid="engineer-allocation">
          {allocationOfCapacity(e.currentAllocation, e.maxCapacity)}
        </Typography.Text>
        <PercentBar value={e.utilizationPercentage} color={utilizationColors[e.utilizationStatus]} width={116} />
      </div>
    ),
  },
  { title: 'Status', key: 'status', render: (_, e) => <UtilizationTag status={e.utilizationStatus} /> },
  {
    title: 'Available Capacity',
    key: 'available',
    render: (_, e) => (
      <div style={{ lineHeight: 1.35, whiteSpace: 'nowrap' }}>
        <div
          className="tabular"
          style={{ fontWeight: 500, color: e.availableCapacity < 0 ? fitColors.none : e.availableCapacity === 0 ? fitColors.tight : fitColors.fits }}
        >
          {availableCapacityText(e)}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {plural(e.activeProjects, 'active project')}
        </Typography.Text>
      </div>
    ),
  },
];

// The directory's rows come first; the rest (the whole assignments list, megabytes in a large organisation,
// the projects, time off booked from a row and the holiday calendar) once they are on screen.
const FIRST_COLLECTIONS = ['profile', 'engineers'] as const;
const LATER_COLLECTIONS = ['projects', 'assignments', 'timeOff', 'holidays'] as const;
const today = () => todayDate(new Date());

const NO_ROWS: Row[] = [];
/** The directory's place while it waits for its turn: about a loading table's height. */
const DIRECTORY_MIN_HEIGHT = 480;

/**
 * A person with the skills the filter asked for first: rows and lists show only their first few skills,
 * which then say why the person matched. The same object when nothing moves.
 */
function matchedSkillsFirst<P extends { skills: readonly string[] }>(person: P, filter: EngineerFilter): P {
  const skills = skillsMatchingFirst(person.skills, filter);
  return skills === person.skills ? person : { ...person, skills: [...skills] };
}

/** Engineers: filter panel, summary cards, availability planning, the directory. */
export default function EngineersPage() {
  useScreenData(FIRST_COLLECTIONS);
  const { figures: listFigures, now: listNow, computing, fresh, engineers, assignments } = useEngineerFigures();
  // Until the page has every assignment and has worked the figures out itself, the live plan's rows
  // take today's figures from the server's sums of everyone's current work: the same numbers, without
  // waiting for megabytes. A past moment or a scenario has its own plan in the page already.
  const role = useProfile().data?.role;
  const live = usePastMoment() === null;
  const current = useCurrentLoad(live && (role === 'manager' || role === 'auditor'));
  // The lists take over once figures of the arrived assignments are worked out (those of the empty list
  // before would show everyone free), and keep the rows from then on, through live changes and the clock.
  const listsTookOver = useRef(false);
  if (assignments.error !== null || (assignments.loaded && fresh)) listsTookOver.current = true;
  const listsSettled = listsTookOver.current;
  const early = useMemo(
    () => (listsSettled || !current.answer || !engineers.loaded ? null : { figures: withLoads<Engineer, Assignment>(engineers.data, current.answer.loads, new Date(current.answer.at)), now: new Date(current.answer.at) }),
    [listsSettled, current.answer, engineers.loaded, engineers.data],
  );
  // No rows before they have their figures: with the assignments still to come, everyone would look free.
  const figures = early?.figures ?? (listsSettled ? listFigures : NO_ROWS);
  const now = early?.now ?? listNow;
  // The rest is asked for once the directory's first rows have been painted (or once it is known there
  // are none): the lists' loading state re-renders the whole page, and the assignments' parse is a long
  // task of its own. Once per visit.
  const laterAsked = useRef(false);
  const loadLater = useCallback(() => {
    if (laterAsked.current) return;
    laterAsked.current = true;
    afterNextPaint(() => void loadCollections(LATER_COLLECTIONS));
  }, []);
  const [state, send] = useMachine(engineersFilterMachine);
  const panelOpen = state.matches('open');
  const filter = useDeferredValue(state.context);
  const count = activeFilterCount(state.context);

  // "Available" over a range, not just today: who is free enough on every working day of it (the server's answer).
  const [range, sendRange] = useMachine(freeRangeMachine, { input: { today } });
  const { from, to, minFree, onlyFree } = range.context;
  const free = useAvailableEngineers({ from, to, minFree });
  const freeMatching = useMemo(() => {
    const asked = toEngineerFilter(filter);
    return free.data?.filter((e) => matchesEngineerFilter(e, asked)).map((e) => matchedSkillsFirst(e, asked)) ?? null;
  }, [free.data, filter]);

  const skills = useMemo(() => skillChoices(engineers.data), [engineers.data]);
  // Only "free over the range" makes the rows depend on that answer: its arrival must not hand the
  // table a new list of the same rows, which starts the rows' render over.
  const freeIds = useMemo(() => (onlyFree && freeMatching ? new Set(freeMatching.filter((e) => e.fit.kind === 'fits').map((e) => e._id)) : null), [onlyFree, freeMatching]);
  const teams = useTeams();
  const teamOptions = useTeamOptions(teams);
  const [team, setTeam] = useState<string | null>(null);
  const filtered = useMemo(() => {
    const asked = toEngineerFilter(filter);
    const matching = figures.filter((e) => matchesEngineerFilter(e, asked)).map((e) => matchedSkillsFirst(e, asked));
    // The team filter keeps the people of the team and of the teams inside it, today (one rule: membersOfTeam).
    const inTeam = team && teams
      ? membersOfTeam(team, matching, new Map(teams.map((t) => [t._id, { name: t.name, parentId: t.parentId }])), todayDate(new Date()))
      : null;
    const kept = inTeam ? matching.filter((e) => inTeam.has(e._id)) : matching;
    return freeIds ? kept.filter((e) => freeIds.has(e._id)) : kept;
  }, [figures, filter, freeIds, team, teams]);
  const counts = useMemo(() => countByUtilization(filtered), [filtered]);
  const helper = useMemo(() => availabilityLists(filtered, now), [filtered, now]);
  const noRows = engineers.loaded && current.settled && filtered.length === 0;
  useEffect(() => (noRows ? loadLater() : undefined), [noRows, loadLater]);
  // The figures need the directory and either the current loads or the assignments (until then everyone would look
  // free), and none are shown while the lists' are worked out again (on a switch to or from a past moment).
  const loading = !engineers.loaded ? engineers.error === null : !early && (!listsSettled || computing);

  // Managers add and edit engineers here; nobody does on a past moment.
  const canPlan = useCanPlan();
  const isMobile = useIsMobile();
  const planning = useEngineerPlanning({ skills });
  const timeOff = useTimeOffPlanning({ nameOf: (id) => engineers.data.find((e) => e._id === id)?.name ?? 'this engineer' });
  const holidays = useHolidaysDialog();
  const days = useEngineerDays();
  const actuals = useActualsDialog();
  const lastWeek = weekBefore(todayDate(useNow()));
  const reach = useReach();
  const bulk = useEngineersBulk({ shown: filtered, teamOptions, outOfReach: reach.outOfReach });
  const renderActions = (e: Row) => {
    const out = reach.outOfReach(e);
    // Out of the manager's teams: the server would refuse, so the actions are off and say why.
    if (out) {
      return (
        <Tooltip title={out}>
          <Space size={4} data-testid="out-of-reach" data-engineer={e.name}>
            <Button size="small" type="text" icon={<LockOutlined />} disabled aria-label="Out of your teams" />
            <Link to="/staffing">Ask</Link>
          </Space>
        </Tooltip>
      );
    }
    return (
    <div style={{ display: 'flex', gap: 0, whiteSpace: 'nowrap' }}>
      {planning.renderActions(e)}
      <Tooltip title="Work days">
        <Button size="small" type="text" icon={<ScheduleOutlined />} aria-label="Work days" onClick={() => days.openFor(e)} data-testid="engineer-work-days" data-engineer={e.name} />
      </Tooltip>
      <Tooltip title="Actuals: fill a week">
        <Button size="small" type="text" icon={<FieldTimeOutlined />} aria-label="Actuals" data-testid="engineer-actuals" data-engineer={e.name}
          onClick={() => actuals.openFor(e._id, e.name, lastWeek)} />
      </Tooltip>
      <Tooltip title="Time off">
        <Button size="small" type="text" icon={<CalendarOutlined />} aria-label="Time off" onClick={() => timeOff.openBooking(e._id)} data-testid="engineer-time-off" data-engineer={e.name} />
      </Tooltip>
    </div>
    );
  };
  const shownColumns: TableColumnsType<Row> = canPlan
    ? [...columns, { title: 'Actions', key: 'actions', fixed: isMobile ? undefined : 'right', render: (_, e) => renderActions(e) }]
    : columns;

  return (
    <div>
      <PageHeader
        title="Engineers"
        subtitle="Your team's skills, capacity and availability"
        extra={
          <>
            <SaveViewButton />
            <Select
              aria-label="Team" allowClear placeholder="All teams" style={{ width: 180 }} value={team ?? undefined} data-testid="team-filter"
              options={teamOptions} onChange={(value?: string) => setTeam(value ?? null)}
            />
            {holidays.button}
            {canPlan ? (
              <Button type="primary" icon={<UserAddOutlined />} onClick={planning.openCreate} data-testid="add-engineer">
                Add engineer
              </Button>
            ) : null}
            <Badge count={count} size="small" offset={[-4, 4]}>
              <Button
                type={panelOpen ? 'primary' : 'default'}
                icon={<FilterOutlined />}
                onClick={() => send({ type: 'TOGGLE_PANEL' })}
                aria-pressed={panelOpen}
                data-testid="filters-toggle"
              >
                Filters
              </Button>
            </Badge>
          </>
        }
      />
      <LoadErrors errors={[engineers.error, assignments.error]} />
      {panelOpen ? (
        <FilterPanel
          search={state.context.search}
          selected={state.context.skills}
          skills={skills}
          active={count > 0}
          onSearch={(text) => send({ type: 'SEARCH', text })}
          onToggleSkill={(skill) => send({ type: 'TOGGLE_SKILL', skill })}
          onClearAll={() => send({ type: 'CLEAR_ALL' })}
        />
      ) : null}
      <StatGrid columns={3}>
        <StatCard title="Showing Engineers" value={filtered.length} hint={`of ${engineers.data.length} total`} icon={<TeamOutlined />} loading={loading} testId="card-showing-engineers" />
        <StatCard title="Overloaded" value={counts.overloaded} hint="Engineers needing attention" icon={<WarningOutlined />} tone="red" loading={loading} testId="card-overloaded" />
        <StatCard title="Underutilized" value={counts.underutilized} hint="Available for more work" icon={<RiseOutlined />} tone="blue" loading={loading} testId="card-underutilized" />
      </StatGrid>
      <AvailabilityPlanning
        {...helper}
        freeOverRange={<FreeOverRange range={range.context} send={sendRange} people={freeMatching} loading={free.loading} error={free.error} onRetry={free.retry} />}
      />
      <SectionCard
        title="Engineers Directory"
        subtitle={loading ? 'Loading engineers...' : directorySubtitle(filtered.length, count > 0)}
        icon={<UserSwitchOutlined />}
        bodyPadding={0}
        testId="engineers-directory"
      >
        {/*
          Below the fold, after the part above has been drawn: antd's table measures the scroll bar and
          its columns as it mounts, forcing a layout of the whole page and a second render; in the same
          task as the rest of the screen, that was the largest block of a cold load with 2,000 engineers
          (p50 290 ms; 173 ms with the table a turn later, measured side by side).
        */}
        {canPlan ? bulk.bar : null}
        <InTurn fallback={<div style={{ minHeight: DIRECTORY_MIN_HEIGHT }} />}>
          <DataTable<Row>
            // Denser cells: with the Actions column pinned right, every column still fits at 1440 px.
            size="middle"
            columns={shownColumns}
            {...(canPlan ? { rowSelection: bulk.rowSelection } : {})}
            dataSource={filtered}
            loading={loading}
            onRowsShown={loadLater}
            empty={
              <ListEmptyState
                icon={<TeamOutlined />}
                things="engineers"
                filtered={count > 0}
                filteredTitle="No engineers found"
                filteredHint="Try adjusting your search or filter criteria"
                noneHint="Add the first one with Add Engineer"
                onClear={() => send({ type: 'CLEAR_ALL' })}
              />
            }
          />
        </InTurn>
      </SectionCard>
      {canPlan ? planning.dialogs : null}
      {canPlan ? timeOff.dialogs : null}
      {canPlan ? days.dialogs : null}
      {canPlan ? actuals.dialog : null}
      {canPlan ? bulk.dialogs : null}
      {holidays.dialogs}
    </div>
  );
}
