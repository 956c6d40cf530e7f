/**
 * The test-support builder `givenPlan()` (tests/support/given-plan.ts) against the real API: it finds
 * seeded entities, creates the ones a test adds, tracks versions for its If-Match, and fails loudly on
 * a name it does not know or an answer it did not expect, so that a broken set-up never passes for a
 * broken feature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { givenPlan } from '../support/given-plan.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('givenPlan', () => {
  it('names seeded entities (engineers by email or name) and creates the others through the API', async () => {
    const plan = await givenPlan(t, {
      engineers: { lucas: 'lucas.silva@demo.test', sam: 'Sam Rivera', zara: { name: 'Zara Given' } },
      projects: { portal: 'Customer Portal Redesign', alpha: { name: 'Given Alpha', status: 'planning' } },
      assignments: { samPortal: ['sam', 'portal'], zaraAlpha: { engineer: 'zara', project: 'alpha', allocationPercentage: 30 } },
    });
    expect(plan.assignments.samPortal).toMatchObject({ engineerId: { _id: plan.engineers.sam, name: 'Sam Rivera' }, projectId: { _id: plan.projects.portal } });
    expect(plan.assignments.zaraAlpha).toMatchObject({
      allocationPercentage: 30, version: 1, engineerId: { _id: plan.engineers.zara, name: 'Zara Given' }, projectId: { _id: plan.projects.alpha, name: 'Given Alpha' },
    });
    expect(Object.keys(plan.ids).sort()).toEqual(['alpha', 'lucas', 'portal', 'sam', 'samPortal', 'zara', 'zaraAlpha']);
    expect(plan.names).toEqual({ manager: 'Dana Whitfield', manager2: 'Chris Okafor', engineer: 'Sam Rivera', auditor: 'Riley Quinn' });
  });

  it('sends the If-Match of the version it last saw, as whichever manager the step names', async () => {
    const plan = await givenPlan(t, { engineers: { lucas: 'Lucas Silva' }, projects: { beta: { name: 'Given Beta' } } });
    await plan.assign('lucasBeta', 'lucas', 'beta', { allocationPercentage: 10 });
    expect(await plan.updateAssignment('lucasBeta', { allocationPercentage: 20 })).toMatchObject({ version: 2 });
    expect(await plan.updateAssignment('lucasBeta', { allocationPercentage: 30 }, 'manager2')).toMatchObject({ version: 3 });
    expect(await plan.removeAssignment('lucasBeta')).toEqual({ message: 'Assignment removed', version: 4 });
  });

  it('throws on a key it was never given, a seeded name that does not exist, and a refused write', async () => {
    const plan = await givenPlan(t, { projects: { portal: 'Customer Portal Redesign' } });
    await expect(plan.updateProject('nobody', { teamSize: 2 })).rejects.toThrow("givenPlan: nothing is named 'nobody' in this plan");
    await expect(givenPlan(t, { projects: { x: 'No Such Project' } })).rejects.toThrow("givenPlan: the seed has no project 'No Such Project'");
    await expect(plan.createProject('bad', { teamSize: 0 })).rejects.toThrow(/^givenPlan: POST \/api\/projects answered 400 /);
  });
});
