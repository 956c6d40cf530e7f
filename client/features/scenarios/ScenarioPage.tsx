import { ArrowLeftOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, message, Result, Skeleton, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import type { Plan } from '../../../domain/plan.ts';
import { Link, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { fromPromise } from 'xstate';
import { OverloadConfirm } from '../../components/OverloadConfirm.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { draftOverloads } from '../../lib/overloads.ts';
import { orgTimeZone } from '../../lib/orgTimeZone.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { assignmentsStore } from '../../stores/assignments.ts';
import { engineersStore } from '../../stores/engineers.ts';
import { useProfile } from '../../stores/profile.ts';
import { projectsStore } from '../../stores/projects.ts';
import { scenarioClosed } from '../../stores/scenarioLens.ts';
import { useScreenData } from '../../stores/useScreenData.ts';
import { ChangeList } from './ChangeList.tsx';
import { CompareSection } from './CompareSection.tsx';
import { DraftButtons } from './DraftButtons.tsx';
import { DraftDialog } from './DraftDialog.tsx';
import { draftFormMachine } from './draftForm.machine.ts';
import { draftChoices } from './draftOptions.ts';
import { LiveNotes } from './LiveNotes.tsx';
import { movedChanges } from './movedChanges.ts';
import { PublishConfirm, PublishConflictDialog } from './PublishDialogs.tsx';
import { scenarioActionsMachine } from './scenarioActions.machine.ts';
import { ScenarioBanner } from './ScenarioBanner.tsx';
import { ScenarioControls } from './ScenarioControls.tsx';
import { ScenarioStatusTag } from './scenarioLook.tsx';
import { ShowEverywhereButton } from './ShowEverywhereButton.tsx';
import { scenariosApi } from './scenariosApi.ts';
import { useScenarioQuery } from './useScenarioQuery.ts';
import { borderColors } from '../../components/palette.ts';

const fetchPlan = ({ id }: { id: string }, signal: AbortSignal) => scenariosApi.plan(id, signal);

/**
 * One scenario: its drafted changes in sentences, forms to draft more, the comparison with the live
 * plan, and Share / Rebase / Publish for its owner. It is folded on the live plan again whenever a live
 * event arrives, so a change the live plan moved under is marked at once.
 */
export default function ScenarioPage() {
  const { id = '' } = useParams();
  // Its machines are made for one scenario: another scenario is another screen.
  return <ScenarioScreen key={id} id={id} />;
}

/**
 * Takes a change back; a proposed move made of several changes (work that started, changed from today
 * on: its end and its new part) is taken back whole, last change first, so no half of it stays.
 */
async function undoMove(id: string, changeId: string) {
  const scenario = await scenariosApi.detail(id);
  const moveId = scenario.changes.find((c) => c.changeId === changeId)?.moveId;
  const ids = moveId ? scenario.changes.filter((c) => c.moveId === moveId).map((c) => c.changeId).reverse() : [changeId];
  let last = null;
  for (const each of ids) last = await scenariosApi.undo(id, each);
  return last!;
}

function ScenarioScreen({ id }: { id: string }) {
  useScreenData();
  const mobile = useIsMobile();
  const profile = useProfile();
  const view = useScenarioQuery(fetchPlan, { id });
  const live = {
    projects: useSnapshot(projectsStore).data,
    assignments: useSnapshot(assignmentsStore).data,
    engineers: useSnapshot(engineersStore).data,
  };

  const [actions, sendAction] = useMachine(
    useMemo(
      () =>
        scenarioActionsMachine.provide({
          actors: {
            run: fromPromise(({ input }) => (input.kind === 'undo' ? undoMove(id, input.changeId) : scenariosApi.share(id, input.shared))),
            rebase: fromPromise(() => scenariosApi.rebase(id)),
            publish: fromPromise<unknown, void>(() => scenariosApi.publish(id)),
          },
          actions: { changed: () => view.reload(), published: () => scenarioClosed(id), notify: (_, { text }) => void message.success(text) },
        }),
      // Made once per scenario: view.reload only sends to the query's machine, which lives as long as the screen.
      [id],
    ),
  );
  const planRef = useRef<Plan | null>(null);
  const [draft, sendDraft] = useMachine(
    useMemo(
      () =>
        draftFormMachine.provide({
          actors: { draft: fromPromise(({ input }) => scenariosApi.draft(id, input.changeId, input.command)) },
          actions: {
            drafted: () => {
              view.reload();
              void message.success('Change drafted');
            },
          },
        }),
      [id],
    ),
    // A drafted change that makes or worsens an overload in the scenario asks first, on the scenario as it stands.
    { input: { judge: (command) => (planRef.current ? draftOverloads(planRef.current, command, new Date(), orgTimeZone()) : []) } },
  );

  const plan = view.data?.plan;
  planRef.current = plan ?? null;
  const choices = useMemo(() => (plan ? draftChoices(plan, new Date()) : { projects: [], assignments: [], engineers: [] }), [plan]);
  const scenario = view.data?.scenario;
  const moved = useMemo(() => (scenario && scenario.status === 'draft' ? movedChanges(scenario.changes, live) : new Set<string>()), [scenario, live.projects, live.assignments, live.engineers]);

  if (!scenario) {
    if (view.error) {
      return (
        <Result
          status="404"
          title={view.error}
          subTitle="It may be private to the manager who drafted it."
          extra={<Link to="/scenarios"><Button icon={<ArrowLeftOutlined />}>All scenarios</Button></Link>}
        />
      );
    }
    return <Skeleton active paragraph={{ rows: 8 }} />;
  }

  const editable = profile.data?.role === 'manager' && profile.data._id === scenario.ownerId && scenario.status === 'draft';
  const busy = !actions.matches('idle') && !actions.matches('published');
  const notApplied = scenario.changes.filter((c) => !c.applied);

  return (
    <div data-testid="scenario-screen" data-editable={String(editable)}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12, flexWrap: 'wrap' }}>
        <Link to="/scenarios"><Button type="text" size="small" icon={<ArrowLeftOutlined />}>All scenarios</Button></Link>
        <ScenarioStatusTag status={scenario.status} />
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>by {scenario.ownerName}</Typography.Text>
      </div>
      <ScenarioBanner
        scenario={scenario}
        editable={editable}
        actions={
          <>
          {scenario.status === 'draft' && <ShowEverywhereButton scenarioId={scenario._id} editable={editable} />}
          <ScenarioControls
            scenario={scenario}
            editable={editable}
            busy={busy}
            onShare={(shared) => sendAction({ type: 'RUN', action: { kind: 'share', shared } })}
            onRebase={() => sendAction({ type: 'REBASE' })}
            onPublish={() => sendAction({ type: 'PUBLISH' })}
          />
          </>
        }
      />
      {actions.context.error && !actions.matches('conflict') ? (
        <Alert type="error" showIcon closable={{ onClose: () => sendAction({ type: 'DISMISS' }) }} title={actions.context.error} style={{ marginBottom: 16 }} data-testid="action-error" />
      ) : null}
      <LiveNotes
        liveChangedAt={view.liveChangedAt}
        notApplied={notApplied.length}
        moved={scenario.status === 'draft' ? moved.size : 0}
        dropped={actions.context.rebased?.dropped ?? null}
        editable={editable}
        onRebase={() => sendAction({ type: 'REBASE' })}
      />
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <SectionCard
          title="Drafted changes"
          subtitle={`${scenario.changes.length} in the order they apply on the live plan`}
          icon={<UnorderedListOutlined />}
          style={{ height: 'auto' }}
          testId="scenario-changes-card"
        >
          <ChangeList
            changes={scenario.changes}
            moved={moved}
            editable={editable}
            busy={busy}
            onUndo={(changeId) => sendAction({ type: 'RUN', action: { kind: 'undo', changeId } })}
          />
          {editable ? (
            <div style={{ borderTop: `1px solid ${borderColors.faint}`, marginTop: 8, paddingTop: 12 }}>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, marginBottom: 8 }}>
                Draft a change (to swap a person, remove their assignment, then add the other's):
              </Typography.Text>
              <DraftButtons disabled={busy} onOpen={(kind) => sendDraft({ type: 'OPEN', kind })} />
            </div>
          ) : null}
        </SectionCard>
        <CompareSection scenarioId={scenario._id} version={scenario.version} mobile={mobile} />
      </div>
      <DraftDialog open={!draft.matches('closed')} submitting={draft.matches('submitting')} context={draft.context} choices={choices} send={sendDraft} />
      <OverloadConfirm
        overloads={draft.matches('confirming') ? draft.context.overloads : null}
        action={`A change drafted in “${scenario.name}”: nothing is live until it is published.`}
        onConfirm={() => sendDraft({ type: 'CONFIRM' })}
        onCancel={() => sendDraft({ type: 'BACK' })}
      />
      <PublishConfirm
        open={actions.matches('confirming') || actions.matches('publishing')}
        publishing={actions.matches('publishing')}
        name={scenario.name}
        changeCount={scenario.changes.length}
        onConfirm={() => sendAction({ type: 'CONFIRM' })}
        onCancel={() => sendAction({ type: 'CANCEL' })}
      />
      <PublishConflictDialog
        open={actions.matches('conflict') || (actions.matches('rebasing') && actions.context.conflicts.length > 0)}
        message={actions.context.error}
        conflicts={actions.context.conflicts}
        rebasing={actions.matches('rebasing')}
        onRebase={() => sendAction({ type: 'REBASE' })}
        onClose={() => sendAction({ type: 'CLOSE' })}
      />
    </div>
  );
}
