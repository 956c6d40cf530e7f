/**
 * `givenPlan()`: the plan a test starts from, set up through the real API (never by writing tables), so
 * that every fact in it went through the same commands, rules and events as in use. It signs in the four
 * demo accounts, names the seeded entities the test talks about, creates the ones it adds, and returns
 * their ids, tokens and the steps that change them:
 *
 *   const plan = await givenPlan(t, {
 *     engineers: { lucas: 'lucas.silva@demo.test', zara: { name: 'Zara' } },  // seeded (by email or name), or registered
 *     projects: { portal: 'Customer Portal Redesign', alpha: { status: 'planning' } },  // seeded (by name), or created
 *     assignments: {
 *       lucasPortal: ['lucas', 'portal'],                                   // the seed's assignment of that pair
 *       zaraAlpha: { engineer: 'zara', project: 'alpha', allocationPercentage: 30 },  // created
 *     },
 *   });
 *   plan.engineers.lucas; plan.projects.alpha; plan.assignments.lucasPortal.allocationPercentage;
 *   plan.tokens.manager2; plan.actorIds.auditor; plan.names.manager;
 *   await plan.updateAssignment('zaraAlpha', { allocationPercentage: 80 }, 'manager2');
 *
 * Created entities take the valid payloads of api-helpers.ts with the given overrides. Every write is a
 * manager's (Dana's unless `as` names another account); updates and removals send the If-Match of the
 * version the plan last saw of that entity. Any answer other than the expected 2xx throws, with its body.
 */
import type { Assignment } from '../../domain/entities.ts';
import type { Api } from './api-client.ts';
import { validAssignmentPayload, validEngineerPayload, validProjectPayload } from './api-helpers.ts';
import { signInAll, type Who } from './planning-helpers.ts';

type Fields = Record<string, unknown>;
export type PlanGiven<E extends string, P extends string, A extends string> = {
  engineers?: Record<E, string | Fields>;
  projects?: Record<P, string | Fields>;
  assignments?: Record<A, readonly [NoInfer<E>, NoInfer<P>] | ({ engineer: NoInfer<E>; project: NoInfer<P> } & Fields)>;
};

export type Plan<E extends string, P extends string, A extends string> = {
  tokens: Record<Who, string>;
  actorIds: Record<Who, string>;
  /** Each account's display name, as its profile gives it. */
  names: Record<Who, string>;
  engineers: Record<E, string>;
  projects: Record<P, string>;
  /** Each given assignment as it stood once the plan was set up. */
  assignments: Record<A, Assignment>;
  /** The id of every entity by its key: the given ones and those the steps below add. */
  ids: Record<string, string>;
  /** GET `url` as `as` (default: the manager), expecting 200. */
  get: <T>(url: string, as?: Who) => Promise<T>;
  createProject: (key: string, overrides?: Fields, as?: Who) => Promise<Fields & { _id: string }>;
  registerEngineer: (key: string, overrides?: Fields, as?: Who) => Promise<Fields & { _id: string }>;
  /** Assigns the engineer of `engineerKey` to the project of `projectKey` (keys given or added before). */
  assign: (key: string, engineerKey: string, projectKey: string, overrides?: Fields, as?: Who) => Promise<Assignment>;
  updateProject: (key: string, changes: Fields, as?: Who) => Promise<Fields>;
  updateEngineer: (key: string, changes: Fields, as?: Who) => Promise<Fields>;
  updateAssignment: (key: string, changes: Fields, as?: Who) => Promise<Assignment>;
  removeAssignment: (key: string, as?: Who) => Promise<Fields>;
};

const collections = { project: '/api/projects', engineer: '/api/engineers', assignment: '/api/assignments' } as const;
type Kind = keyof typeof collections;

export async function givenPlan<E extends string = never, P extends string = never, A extends string = never>(
  api: Api,
  given: PlanGiven<E, P, A> = {},
): Promise<Plan<E, P, A>> {
  const { tokens, actorIds } = await signInAll(api);
  const ids: Record<string, string> = {};
  const versions = new Map<string, number>();

  const call = async <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, as: Who, body?: unknown, ifMatch?: number): Promise<T> => {
    const headers = ifMatch === undefined ? undefined : { 'if-match': `"${ifMatch}"` };
    const response = await api.request({ method, url, token: tokens[as], body, headers });
    const expected = method === 'POST' ? 201 : 200;
    if (response.statusCode !== expected) throw new Error(`givenPlan: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    return response.json() as T;
  };
  const get = <T>(url: string, as: Who = 'manager') => call<T>('GET', url, as);
  const idOf = (key: string) => {
    const id = ids[key];
    if (id === undefined) throw new Error(`givenPlan: nothing is named '${key}' in this plan`);
    return id;
  };
  /** Records the id and version of what an answer holds, under the test's key. */
  const seen = <T extends object>(key: string, entity: T): T => {
    const { _id, version } = entity as { _id?: unknown; version?: unknown };
    if (typeof _id === 'string') ids[key] = _id;
    if (typeof version === 'number') versions.set(key, version);
    return entity;
  };
  const create = async <T extends { _id: string }>(kind: Kind, key: string, body: Fields, as: Who) =>
    seen(key, await call<T>('POST', collections[kind], as, body));
  const write = async <T extends Fields>(kind: Kind, method: 'PATCH' | 'DELETE', key: string, changes: Fields | undefined, as: Who) =>
    seen(key, await call<T>(method, `${collections[kind]}/${idOf(key)}`, as, changes, versions.get(key)));

  const names = Object.fromEntries(
    await Promise.all((Object.keys(tokens) as Who[]).map(async (who) => [who, (await get<{ name: string }>('/api/auth/profile', who)).name])),
  ) as Record<Who, string>;

  const plan: Plan<E, P, A> = {
    tokens,
    actorIds,
    names,
    engineers: {} as Record<E, string>,
    projects: {} as Record<P, string>,
    assignments: {} as Record<A, Assignment>,
    ids,
    get,
    createProject: (key, overrides = {}, as = 'manager') => create('project', key, validProjectPayload(overrides), as),
    // A planning record only, as most engineers are: who signs in is for an admin's invitation.
    registerEngineer: (key, overrides = {}, as = 'manager') => create('engineer', key, validEngineerPayload({ password: undefined, ...overrides }), as),
    assign: (key, engineerKey, projectKey, overrides = {}, as = 'manager') =>
      create('assignment', key, validAssignmentPayload(idOf(engineerKey), idOf(projectKey), overrides), as),
    updateProject: (key, changes, as = 'manager') => write('project', 'PATCH', key, changes, as),
    updateEngineer: (key, changes, as = 'manager') => write('engineer', 'PATCH', key, changes, as),
    updateAssignment: (key, changes, as = 'manager') => write('assignment', 'PATCH', key, changes, as),
    removeAssignment: (key, as = 'manager') => write('assignment', 'DELETE', key, undefined, as),
  };

  const seeded = await seededLists(get, given);
  for (const [key, ref] of entries(given.engineers)) {
    const engineer = typeof ref === 'string'
      ? seen(key, find(seeded.engineers, (e) => e.email === ref || e.name === ref, `engineer '${ref}'`))
      : await plan.registerEngineer(key, ref);
    plan.engineers[key] = engineer._id;
  }
  for (const [key, ref] of entries(given.projects)) {
    const project = typeof ref === 'string' ? seen(key, find(seeded.projects, (p) => p.name === ref, `project '${ref}'`)) : await plan.createProject(key, ref);
    plan.projects[key] = project._id;
  }
  for (const [key, ref] of entries(given.assignments)) {
    if (Array.isArray(ref)) {
      const [engineerKey, projectKey] = ref as readonly [E, P];
      const [engineerId, projectId] = [idOf(engineerKey), idOf(projectKey)];
      const ofPair = (a: Assignment) => a.engineerId._id === engineerId && a.projectId._id === projectId;
      plan.assignments[key] = seen(key, find(seeded.assignments, ofPair, `assignment of '${engineerKey}' on '${projectKey}'`));
    } else {
      const { engineer, project, ...overrides } = ref as { engineer: E; project: P } & Fields;
      plan.assignments[key] = await plan.assign(key, engineer, project, overrides);
    }
  }
  return plan;
}

type Listed = { _id: string; name?: string; email?: string; version: number };

/** The seeded lists, read once and only when the given names a seeded entity. */
async function seededLists(get: <T>(url: string) => Promise<T>, given: PlanGiven<string, string, string>) {
  const seededRef = (refs: Record<string, unknown> | undefined) => Object.values(refs ?? {}).some((ref) => typeof ref === 'string' || Array.isArray(ref));
  if (![given.engineers, given.projects, given.assignments].some(seededRef)) return { engineers: [], projects: [], assignments: [] };
  const [engineers, projects, assignments] = await Promise.all([
    get<Listed[]>(collections.engineer), get<Listed[]>(collections.project), get<Assignment[]>(collections.assignment),
  ]);
  return { engineers, projects, assignments };
}

function find<T>(list: readonly T[], matches: (item: T) => boolean, what: string): T {
  const found = list.find(matches);
  if (!found) throw new Error(`givenPlan: the seed has no ${what}`);
  return found;
}

const entries = <K extends string, V>(record: Record<K, V> | undefined) => Object.entries(record ?? {}) as [K, V][];
