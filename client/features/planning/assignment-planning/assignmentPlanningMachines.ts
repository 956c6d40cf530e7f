import { fromPromise } from 'xstate';
import { unlessGone } from '../../../lib/api.ts';
import { assignmentValuesOf } from '../../../machines/assignmentValues.ts';
import { rowActionMachine } from '../../../machines/rowAction.machine.ts';
import { planningApi } from '../planningApi.ts';
import { assignmentFormMachine } from './assignmentForm.machine.ts';

/** The assignment as saved now, in the form's shape; null once it was removed. */
async function latestAssignment(id: string) {
  const a = await unlessGone(planningApi.assignment(id));
  return a && { values: assignmentValuesOf(a), version: a.version };
}

/**
 * The assignment form with its calls. Its calls need nothing of the screen, so the machine is made once
 * here; the screen hears what it did through its emitted events (useWriteNews.ts).
 */
export const assignmentForm = assignmentFormMachine.provide({
  actors: {
    suitableEngineers: fromPromise(({ input }) => planningApi.suitableEngineers(input.projectId, input)),
    save: fromPromise(({ input }) =>
      input.mode === 'create' ? planningApi.createAssignment(input.payload) : planningApi.updateAssignment(input.id, input.payload, input.version, input.applyFrom),
    ),
    loadLatest: fromPromise(({ input }) => latestAssignment(input.id)),
  },
});

/** The one-click changes on an assignment (end, remove, a dragged bar), with their calls. */
export const assignmentRowAction = rowActionMachine.provide({
  actors: {
    run: fromPromise(({ input }) =>
      input.changes === null
        ? planningApi.removeAssignment(input.id, input.version)
        // A drag, a hand-over or an allocation keeps the days before today; an end date picked by hand says itself which day is the last.
        : planningApi.updateAssignment(input.id, input.changes, input.version, input.kind === 'end' ? 'start' : 'today'),
    ),
    loadLatest: fromPromise(({ input }) => latestAssignment(input.id)),
  },
});
