import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Assignment } from '../../../../domain/entities.ts';
import { ApiError } from '../../../lib/api.ts';
import type { SuitableEngineer } from '../planningApi.ts';
import { type AssignmentSaveInput, assignmentFormMachine } from './assignmentForm.machine.ts';
import { emptyPlan, type Plan } from '../../../../domain/plan.ts';
import { type AssignmentValues, formOverloads, impactOf, type PickedProject, type PlanView, validateAssignment } from '../../../machines/assignmentValues.ts';
import { LATEST_NOTICE, type Latest, REAPPLIED_NOTICE } from '../../../machines/formConflict.ts';
import { workedDates } from '../../../lib/weeks.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1, 12) + n * 86_400_000).toISOString();
const portal: PickedProject = { _id: 'p1', name: 'Customer Portal', status: 'active', startDate: day(0), endDate: day(60), requiredSkills: ['React'] };
const mobile: PickedProject = { _id: 'p2', name: 'Mobile v2', status: 'planning', startDate: day(10), endDate: day(90), requiredSkills: ['Swift'] };
const suitable = (id: string, name: string, availableCapacity: number): SuitableEngineer => ({
  _id: id, name, email: `${id}@x.test`, department: 'D', skills: ['React'], seniority: 'mid', maxCapacity: 100, version: 1, matchingSkills: ['React'], availableCapacity,
});
const jordan = suitable('e1', 'Jordan Lee', 70);
const sam = suitable('e2', 'Sam Rivera', 40);
const plan: PlanView = {
  engineers: [jordan, sam],
  assignments: [{ _id: 'x1', engineerId: { _id: 'e1' }, allocationPercentage: 30, startDate: day(-20), endDate: day(60) }],
};
const existing: Assignment = {
  _id: 'a1', engineerId: { _id: 'e1', name: 'Jordan Lee', email: 'e1@x.test' }, projectId: { _id: 'p1', name: 'Customer Portal', status: 'active' },
  role: 'Frontend Engineer', allocationPercentage: 30, startDate: day(-20), endDate: day(60), version: 3,
};

/** The plan the screen shows, as the overload question reads it (every assignment here is on Portal). */
const planOf = (view: PlanView) =>
  ({ ...emptyPlan(), engineers: view.engineers, assignments: view.assignments.map((a) => ({ projectId: { _id: 'p1' }, ...a })) }) as unknown as Plan;
/** The one judgement of overloads, on that plan. */
const judgeOn = (view: PlanView) => (context: Parameters<typeof formOverloads>[0]) => formOverloads(context, planOf(view), new Date(day(-100)), 'UTC');

const conflictError = () =>
  new ApiError('This assignment was changed by someone else. Reload to see the latest version.', 409, { code: 'VERSION_CONFLICT', currentVersion: 4 });

function start(options: { save?: (input: AssignmentSaveInput) => Promise<Assignment>; latest?: () => Promise<Latest<AssignmentValues> | null>; suitableFor?: (id: string) => Promise<SuitableEngineer[]> } = {}) {
  const saved = vi.fn();
  const conflicted = vi.fn();
  const save = vi.fn(options.save ?? (async () => existing));
  const machine = assignmentFormMachine.provide({
    actors: {
      suitableEngineers: fromPromise(async ({ input }) => (options.suitableFor ?? (async (id: string) => (id === 'p1' ? [jordan, sam] : [sam])))(input.projectId)),
      save: fromPromise(async ({ input }) => save(input)),
      loadLatest: fromPromise(async () => (options.latest ?? (async () => null))()),
    },
    actions: { saved: (_, params) => saved(params), conflicted },
  });
  const actor = createActor(machine, { input: { plan: () => plan, now: () => new Date(day(-100)), judge: judgeOn(plan) } }).start();
  return { actor, saved, conflicted, save, snapshot: () => actor.getSnapshot() };
}

async function pickedAndReady(options: Parameters<typeof start>[0] = {}) {
  const t = start(options);
  t.actor.send({ type: 'OPEN_CREATE' });
  t.actor.send({ type: 'PICK_PROJECT', project: portal });
  await waitFor(t.actor, (s) => s.matches({ editing: 'ready' }));
  return t;
}

describe('assignment form machine: creating', () => {
  it('opens empty, loads the suitable engineers of the picked project and defaults the dates to the project\'s', async () => {
    const t = start();
    expect(t.snapshot().value).toBe('closed');
    t.actor.send({ type: 'OPEN_CREATE' });
    expect(t.snapshot().matches({ editing: 'ready' })).toBe(true);
    expect(t.snapshot().context.form).toEqual({ role: '', allocationPercentage: 50, startDate: '', endDate: '' });
    t.actor.send({ type: 'PICK_PROJECT', project: portal });
    expect(t.snapshot().matches({ editing: 'loadingEngineers' })).toBe(true);
    expect(t.snapshot().context.form).toMatchObject({ startDate: portal.startDate, endDate: portal.endDate });
    await waitFor(t.actor, (s) => s.matches({ editing: 'ready' }));
    expect(t.snapshot().context.suitable.map((e) => e.name)).toEqual(['Jordan Lee', 'Sam Rivera']);
  });

  it('can open with a project already picked', async () => {
    const t = start();
    t.actor.send({ type: 'OPEN_CREATE', project: portal });
    expect(t.snapshot().matches({ editing: 'loadingEngineers' })).toBe(true);
    await waitFor(t.actor, (s) => s.matches({ editing: 'ready' }));
    expect(t.snapshot().context.project?._id).toBe('p1');
  });

  it('another project reloads the list, drops an engineer who does not fit it, and keeps dates the user picked', async () => {
    const t = await pickedAndReady();
    t.actor.send({ type: 'PICK_ENGINEER', engineerId: 'e1' });
    expect(t.snapshot().context.engineer).toEqual({ _id: 'e1', name: 'Jordan Lee', maxCapacity: 100 });
    t.actor.send({ type: 'CHANGE', field: 'endDate', value: day(30) });
    t.actor.send({ type: 'PICK_PROJECT', project: mobile });
    expect(t.snapshot().context.form).toMatchObject({ startDate: portal.startDate, endDate: day(30) });
    await waitFor(t.actor, (s) => s.matches({ editing: 'ready' }));
    expect(t.snapshot().context.engineer).toBeNull();
    expect(t.snapshot().context.suitable.map((e) => e._id)).toEqual(['e2']);
  });

  it('ignores an engineer who is not in the suitable list', async () => {
    const t = await pickedAndReady();
    t.actor.send({ type: 'PICK_ENGINEER', engineerId: 'nobody' });
    expect(t.snapshot().context.engineer).toBeNull();
  });

  it('keeps the form when the suitable list fails, and retries', async () => {
    let fail = true;
    const t = await pickedAndReady({ suitableFor: async () => (fail ? Promise.reject(new ApiError('Project not found', 404)) : [jordan]) });
    expect(t.snapshot().context.suitableError).toBe('Project not found');
    fail = false;
    t.actor.send({ type: 'RETRY_ENGINEERS' });
    await waitFor(t.actor, (s) => s.matches({ editing: 'ready' }));
    expect(t.snapshot().context).toMatchObject({ suitableError: null, suitable: [jordan] });
  });

  it('starts on today when the project is already running, and ranks for the form\'s dates; new dates rank again after a pause, the list staying meanwhile', async () => {
    const asked: { projectId: string; from?: string; to?: string; allocation?: number }[] = [];
    const now = new Date(day(30));
    const machine = assignmentFormMachine.provide({
      actors: { suitableEngineers: fromPromise(async ({ input }) => (asked.push(input), asked.length === 1 ? [jordan, sam] : [sam, jordan])) },
    });
    const actor = createActor(machine, { input: { plan: () => plan, now: () => now } }).start();
    actor.send({ type: 'OPEN_CREATE', project: portal });
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    expect(actor.getSnapshot().context.form).toMatchObject({ startDate: today.toISOString(), endDate: portal.endDate });
    await waitFor(actor, (s) => s.matches({ editing: 'ready' }));
    // Ranked by fit for the form's allocation (50 % by default).
    expect(asked[0]).toEqual({ projectId: 'p1', ...workedDates(today.toISOString(), portal.endDate!), allocation: 50 });
    expect(actor.getSnapshot().context.rankedFor).toEqual(workedDates(today.toISOString(), portal.endDate!));

    actor.send({ type: 'CHANGE', field: 'endDate', value: day(40) });
    actor.send({ type: 'CHANGE', field: 'endDate', value: day(45) });
    expect(actor.getSnapshot().matches({ editing: 'rankingSoon' })).toBe(true);
    expect(actor.getSnapshot().context.suitable.map((e) => e.name)).toEqual(['Jordan Lee', 'Sam Rivera']);
    await waitFor(actor, (s) => s.matches({ editing: 'ready' }) && s.context.suitable[0]?.name === 'Sam Rivera');
    expect(asked).toHaveLength(2);
    expect(asked[1]).toEqual({ projectId: 'p1', ...workedDates(today.toISOString(), day(45)), allocation: 50 });

    // A new allocation ranks again too: who fits depends on it.
    actor.send({ type: 'CHANGE', field: 'allocationPercentage', value: 80 });
    await waitFor(actor, () => asked.length === 3);
    expect(asked[2]).toEqual({ projectId: 'p1', ...workedDates(today.toISOString(), day(45)), allocation: 80 });
  });

  it('keeps the search text of the suitable list', () => {
    const t = start();
    t.actor.send({ type: 'OPEN_CREATE' });
    t.actor.send({ type: 'SEARCH_SUITABLE', text: 'jor' });
    expect(t.snapshot().context.suitableSearch).toBe('jor');
  });

  it('shows every field\'s message on an invalid save, then follows the input', () => {
    const t = start();
    t.actor.send({ type: 'OPEN_CREATE' });
    t.actor.send({ type: 'CHANGE', field: 'allocationPercentage', value: 130 });
    t.actor.send({ type: 'SUBMIT' });
    expect(t.snapshot().matches('editing')).toBe(true);
    expect(t.snapshot().context.errors).toEqual({
      projectId: 'Project is required',
      engineerId: 'Engineer is required',
      role: 'Role is required',
      allocationPercentage: 'Allocation must be between 1 and 100',
      startDate: 'Start date is required',
      endDate: 'End date is required',
    });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Dev' });
    expect(t.snapshot().context.errors.role).toBeUndefined();
    expect(t.save).not.toHaveBeenCalled();
  });

  it('says end-before-start together with the other messages: an end the day before the start', () => {
    const result = validateAssignment({
      mode: 'create', project: portal, engineer: null,
      form: { role: '', allocationPercentage: 50, startDate: day(5), endDate: day(4) },
    });
    expect(result).toEqual({ ok: false, errors: { engineerId: 'Engineer is required', role: 'Role is required', endDate: 'End date cannot be before start date' } });
  });

  it('accepts a one-day assignment: its end date on its start date', () => {
    const result = validateAssignment({
      mode: 'create', project: portal, engineer: null,
      form: { role: '', allocationPercentage: 50, startDate: day(5), endDate: day(5) },
    });
    expect(result).toEqual({ ok: false, errors: { engineerId: 'Engineer is required', role: 'Role is required' } });
  });

  it('saves a change within capacity straight away, then closes and reports it', async () => {
    const t = await pickedAndReady();
    t.actor.send({ type: 'PICK_ENGINEER', engineerId: 'e1' });
    t.actor.send({ type: 'CHANGE', field: 'role', value: ' Frontend ' });
    t.actor.send({ type: 'CHANGE', field: 'allocationPercentage', value: 70 });
    t.actor.send({ type: 'SUBMIT' });
    expect(t.snapshot().value).toBe('saving');
    expect(t.snapshot().context.impact).toMatchObject({ after: 100, overloaded: false });
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.save).toHaveBeenCalledWith({
      mode: 'create',
      payload: { engineerId: 'e1', projectId: 'p1', role: 'Frontend', allocationPercentage: 70, startDate: portal.startDate, endDate: portal.endDate },
    });
    expect(t.saved).toHaveBeenCalledWith({ mode: 'create', assignment: existing });
    expect(t.snapshot().context.form.role).toBe('');
  });

  it('asks to confirm an overload before saving: BACK edits, CONFIRM saves', async () => {
    const t = await pickedAndReady();
    t.actor.send({ type: 'PICK_ENGINEER', engineerId: 'e1' });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Frontend' });
    t.actor.send({ type: 'CHANGE', field: 'allocationPercentage', value: 80 });
    t.actor.send({ type: 'SUBMIT' });
    expect(t.snapshot().value).toBe('confirmingOverload');
    expect(t.snapshot().context.impact).toMatchObject({ after: 110, overloaded: true, text: 'Puts Jordan Lee at 110% of capacity from Jan 01, 2026 (110% allocated of 100%)' });
    // The question names the days (every working day of the project's Jan 01 - Mar 02, 2026: 43) and the peak, 30 + 80.
    expect(t.snapshot().context.overloads).toMatchObject([{ engineerId: 'e1', name: 'Jordan Lee', peak: 110 }]);
    expect(t.snapshot().context.overloads[0]!.days).toHaveLength(43);
    t.actor.send({ type: 'BACK' });
    expect(t.snapshot().matches('editing')).toBe(true);
    t.actor.send({ type: 'SUBMIT' });
    t.actor.send({ type: 'CONFIRM' });
    expect(t.snapshot().value).toBe('saving');
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.save).toHaveBeenCalledTimes(1);
  });

  it('keeps the form and shows the server\'s messages when the save is refused', async () => {
    const t = await pickedAndReady({
      save: async () => {
        throw new ApiError('Cannot assign engineers to a completed project', 400, {
          code: 'VALIDATION_FAILED', issues: [{ path: 'projectId', message: 'Cannot assign engineers to a completed project' }],
        });
      },
    });
    t.actor.send({ type: 'PICK_ENGINEER', engineerId: 'e2' });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Dev' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('editing'));
    expect(t.snapshot().context).toMatchObject({
      submitError: 'Cannot assign engineers to a completed project',
      errors: { projectId: 'Cannot assign engineers to a completed project' },
      form: { role: 'Dev' },
    });
  });

  it('CANCEL closes and forgets the form', async () => {
    const t = await pickedAndReady();
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Dev' });
    t.actor.send({ type: 'CANCEL' });
    expect(t.snapshot().value).toBe('closed');
    expect(t.snapshot().context.project).toBeNull();
  });
});

describe('assignment form machine: editing', () => {
  it('opens with the assignment\'s values and its engineer from the plan; PICK_PROJECT is ignored', () => {
    const t = start();
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    expect(t.snapshot().matches({ editing: 'ready' })).toBe(true);
    expect(t.snapshot().context).toMatchObject({ mode: 'edit', id: 'a1', version: 3, engineer: { _id: 'e1', maxCapacity: 100 }, project: { name: 'Customer Portal' } });
    t.actor.send({ type: 'PICK_PROJECT', project: mobile });
    expect(t.snapshot().context.project?._id).toBe('p1');
    expect(t.snapshot().matches({ editing: 'ready' })).toBe(true);
  });

  it('previews without counting the assignment being edited', () => {
    const t = start();
    t.actor.send({ type: 'OPEN_EDIT', assignment: { ...existing, _id: 'x1' } });
    t.actor.send({ type: 'CHANGE', field: 'allocationPercentage', value: 90 });
    expect(impactOf(t.snapshot().context, plan, new Date(day(-100)))).toMatchObject({ before: 0, after: 90 });
  });

  it('has no preview while the engineer\'s capacity is unknown', () => {
    const t = start();
    t.actor.send({ type: 'OPEN_EDIT', assignment: { ...existing, engineerId: { _id: 'e9', name: 'New', email: 'n@x' } } });
    expect(impactOf(t.snapshot().context, plan, new Date(day(-100)))).toBeNull();
  });

  it('closes without a request when nothing changed', () => {
    const t = start();
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    t.actor.send({ type: 'SUBMIT' });
    expect(t.snapshot().value).toBe('closed');
    expect(t.save).not.toHaveBeenCalled();
  });

  it('sends only the changed fields with the version it was made against, from today on unless asked', async () => {
    const t = start();
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Tech Lead' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.save).toHaveBeenCalledWith({ mode: 'edit', id: 'a1', version: 3, payload: { role: 'Tech Lead' }, applyFrom: 'today' });
  });

  it("'Correct the past too' sends the change to be applied from the start; a new edit starts without it", async () => {
    const t = start();
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Tech Lead' });
    t.actor.send({ type: 'CORRECT_PAST', value: true });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.save).toHaveBeenCalledWith({ mode: 'edit', id: 'a1', version: 3, payload: { role: 'Tech Lead' }, applyFrom: 'start' });
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    expect(t.snapshot().context.correctPast).toBe(false);
  });

  it('on a conflict loads the latest version and keeps what the user typed', async () => {
    const t = start({
      save: async () => Promise.reject(conflictError()),
      latest: async () => ({ values: { role: 'Frontend Engineer', allocationPercentage: 60, startDate: day(-20), endDate: day(60) }, version: 4 }),
    });
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Tech Lead' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    expect(t.conflicted).toHaveBeenCalledTimes(1);
    expect(t.snapshot().context.conflict).toMatchObject({
      message: 'This assignment was changed by someone else. Reload to see the latest version.',
      latest: { allocationPercentage: 60 },
      latestVersion: 4,
      removed: false,
    });
    expect(t.snapshot().context.form.role).toBe('Tech Lead');
  });

  it('REAPPLY puts the user\'s changes on the latest version and saves against it', async () => {
    let calls = 0;
    const t = start({
      save: async () => (calls++ === 0 ? Promise.reject(conflictError()) : existing),
      latest: async () => ({ values: { role: 'Frontend Engineer', allocationPercentage: 60, startDate: day(-20), endDate: day(60) }, version: 4 }),
    });
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Tech Lead' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    t.actor.send({ type: 'REAPPLY' });
    expect(t.snapshot().matches('editing')).toBe(true);
    expect(t.snapshot().context).toMatchObject({ version: 4, form: { role: 'Tech Lead', allocationPercentage: 60 }, notice: REAPPLIED_NOTICE, conflict: null });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.save).toHaveBeenLastCalledWith({ mode: 'edit', id: 'a1', version: 4, payload: { role: 'Tech Lead' }, applyFrom: 'today' });
  });

  it('TAKE_LATEST shows the latest version instead', async () => {
    const t = start({
      save: async () => Promise.reject(conflictError()),
      latest: async () => ({ values: { role: 'Frontend Engineer', allocationPercentage: 60, startDate: day(-20), endDate: day(60) }, version: 4 }),
    });
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Tech Lead' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    t.actor.send({ type: 'TAKE_LATEST' });
    expect(t.snapshot().context).toMatchObject({ version: 4, form: { role: 'Frontend Engineer', allocationPercentage: 60 }, notice: LATEST_NOTICE });
  });

  it('when it was removed meanwhile, offers neither re-apply nor the latest; CANCEL closes', async () => {
    const t = start({ save: async () => Promise.reject(conflictError()), latest: async () => null });
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Tech Lead' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    expect(t.snapshot().context.conflict?.removed).toBe(true);
    t.actor.send({ type: 'REAPPLY' });
    t.actor.send({ type: 'TAKE_LATEST' });
    expect(t.snapshot().matches({ conflict: 'showing' })).toBe(true);
    t.actor.send({ type: 'CANCEL' });
    expect(t.snapshot().value).toBe('closed');
  });

  it('when the latest cannot be loaded, says so and retries', async () => {
    let fail = true;
    const t = start({
      save: async () => Promise.reject(conflictError()),
      latest: async () => (fail ? Promise.reject(new ApiError('Network Error', 0)) : { values: { role: 'X', allocationPercentage: 10, startDate: day(0), endDate: day(1) }, version: 5 }),
    });
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Tech Lead' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    expect(t.snapshot().context.conflict?.loadError).toBe('Network Error');
    fail = false;
    t.actor.send({ type: 'RETRY_LOAD' });
    expect(t.snapshot().matches({ conflict: 'loading' })).toBe(true);
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    expect(t.snapshot().context.conflict).toMatchObject({ loadError: null, latestVersion: 5 });
  });
});

describe('assignment form machine: handing an assignment to someone else', () => {
  it('CHANGE_ENGINEER opens the list for the assignment\'s dates; the one picked is sent as engineerId with the version', async () => {
    const t = start();
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    t.actor.send({ type: 'PICK_ENGINEER', engineerId: 'e2' });
    expect(t.snapshot().context.engineer?._id).toBe('e1');
    t.actor.send({ type: 'CHANGE_ENGINEER' });
    expect(t.snapshot().matches({ editing: 'loadingEngineers' })).toBe(true);
    expect(t.snapshot().context.rankingFor).toEqual(workedDates(existing.startDate, existing.endDate));
    await waitFor(t.actor, (s) => s.matches({ editing: 'ready' }));
    expect(t.snapshot().context.engineer?._id).toBe('e1');
    t.actor.send({ type: 'PICK_ENGINEER', engineerId: 'e2' });
    expect(t.snapshot().context.engineer).toEqual({ _id: 'e2', name: 'Sam Rivera', maxCapacity: 100 });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.save).toHaveBeenCalledWith({ mode: 'edit', id: 'a1', version: 3, payload: { engineerId: 'e2' }, applyFrom: 'today' });
  });

  it('KEEP_ENGINEER puts back the engineer it has; then nothing changed and no request is made', async () => {
    const t = start();
    t.actor.send({ type: 'OPEN_EDIT', assignment: existing });
    t.actor.send({ type: 'CHANGE_ENGINEER' });
    await waitFor(t.actor, (s) => s.matches({ editing: 'ready' }));
    t.actor.send({ type: 'PICK_ENGINEER', engineerId: 'e2' });
    t.actor.send({ type: 'KEEP_ENGINEER' });
    expect(t.snapshot().context).toMatchObject({ choosingEngineer: false, engineer: { _id: 'e1' } });
    t.actor.send({ type: 'SUBMIT' });
    expect(t.snapshot().value).toBe('closed');
    expect(t.save).not.toHaveBeenCalled();
  });

  it('the preview is for the new engineer, counting the whole assignment as new work for them', async () => {
    const t = start();
    t.actor.send({ type: 'OPEN_EDIT', assignment: { ...existing, _id: 'a9', engineerId: { _id: 'e2', name: 'Sam Rivera', email: 'e2@x.test' }, allocationPercentage: 80 } });
    t.actor.send({ type: 'CHANGE_ENGINEER' });
    await waitFor(t.actor, (s) => s.matches({ editing: 'ready' }));
    t.actor.send({ type: 'PICK_ENGINEER', engineerId: 'e1' });
    // Jordan has 30 % already: 110 %, an overload this change makes.
    expect(impactOf(t.snapshot().context, plan, new Date(day(-100)))).toMatchObject({ name: 'Jordan Lee', before: 30, after: 110, overloaded: true });
    t.actor.send({ type: 'SUBMIT' });
    expect(t.snapshot().value).toBe('confirmingOverload');
  });
});

describe('assignment form machine: the overload question', () => {
  // Jordan: 30 % (x1) and this 90 % one (a1) over the same weeks: 120 %, already over.
  const over: PlanView = { engineers: [jordan, sam], assignments: [...plan.assignments, { _id: 'a1', engineerId: { _id: 'e1' }, allocationPercentage: 90, startDate: day(-20), endDate: day(60) }] };
  const startOver = () => {
    const save = vi.fn(async (_input: AssignmentSaveInput) => existing);
    const machine = assignmentFormMachine.provide({
      actors: { suitableEngineers: fromPromise(async () => [jordan, sam]), save: fromPromise(async ({ input }) => save(input)), loadLatest: fromPromise(async (): Promise<Latest<AssignmentValues> | null> => null) },
    });
    const actor = createActor(machine, { input: { plan: () => over, now: () => new Date(day(-100)), judge: judgeOn(over) } }).start();
    actor.send({ type: 'OPEN_EDIT', assignment: { ...existing, allocationPercentage: 90 } });
    return { actor, save };
  };

  it('is not asked when the change lowers the load of someone already over', async () => {
    const { actor, save } = startOver();
    actor.send({ type: 'CHANGE', field: 'allocationPercentage', value: 80 });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ payload: { allocationPercentage: 80 } }));
  });

  it('is asked when the change makes it worse', () => {
    const { actor } = startOver();
    actor.send({ type: 'CHANGE', field: 'allocationPercentage', value: 95 });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('confirmingOverload')).toBe(true);
  });
});

describe('assignment form machine: opened from the schedule with a person and dates', () => {
  it('keeps the person and the dates when a project is picked, and ranks for those dates', async () => {
    const t = start();
    t.actor.send({ type: 'OPEN_CREATE', engineer: { _id: 'e2', name: 'Sam Rivera', maxCapacity: 100 }, startDate: day(3), endDate: day(10) });
    expect(t.snapshot().context).toMatchObject({ engineer: { _id: 'e2' }, form: { startDate: day(3), endDate: day(10) }, datesTouched: true });
    t.actor.send({ type: 'PICK_PROJECT', project: portal });
    expect(t.snapshot().context.rankingFor).toEqual(workedDates(day(3), day(10)));
    await waitFor(t.actor, (s) => s.matches({ editing: 'ready' }));
    expect(t.snapshot().context).toMatchObject({ engineer: { _id: 'e2' }, form: { startDate: day(3), endDate: day(10) } });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'Developer' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.save).toHaveBeenCalledWith({ mode: 'create', payload: expect.objectContaining({ engineerId: 'e2', projectId: 'p1', startDate: day(3), endDate: day(10) }) });
  });
});
