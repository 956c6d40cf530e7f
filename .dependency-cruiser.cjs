/**
 * What may import what. `npm run lint:layers` fails on any of these, so the layering is checked on
 * every `npm test` instead of being kept by habit. Paths are relative to the repository root.
 * Type-only imports count too: a type pulled from the wrong layer couples the layers just the same.
 */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'client-not-to-server',
      'The browser bundle must not pull server code (secrets, pg, Fastify); share through domain/.',
      { path: '^client/' },
      { path: '^server/' },
    ),
    forbid('server-not-to-client', 'The server must not depend on React code; share through domain/.', { path: '^server/' }, { path: '^client/' }),
    forbid(
      'domain-only-zod',
      'domain/ is pure and runs in the browser and on the server alike: it may import itself and zod, ' +
        'nothing else (no node builtins, no I/O libraries, no app layers). Its own unit tests may use the test runner.',
      { path: '^domain/', pathNot: '\\.test\\.tsx?$' },
      { pathNot: ['^domain/', '(^|/)node_modules/zod/'] },
    ),
    forbid(
      'domain-tests-not-to-app',
      'Tests of the pure domain must not reach into the server or the client.',
      { path: '^domain/.+\\.test\\.tsx?$' },
      { path: '^(server|client)/' },
    ),
    forbid(
      'migrations-not-to-app',
      'A migration is frozen once run: importing app code would silently change what an old migration does ' +
        'when that code changes later.',
      { path: '^migrations/' },
      { path: '^(domain|server|client)/' },
    ),
    forbid(
      'feature-not-to-other-feature',
      'Screens are independent: a feature owns its calls, machines, stores and parts, and another feature ' +
        'never reaches into them, so a change inside one screen cannot break another. What two features ' +
        'share without I/O goes to client/components, client/lib, client/stores or client/machines; the ' +
        'planning actions several screens offer (assignments, time off, placeholders, actuals, overloads) ' +
        'are a feature of their own, used only through its public face, client/features/planning/index.ts.',
      { path: '^client/features/([^/]+)/' },
      { path: '^client/features/', pathNot: ['^client/features/$1/', '^client/features/planning/index\\.ts$'] },
    ),
    forbid(
      'client-lib-not-to-state',
      'client/lib is the bottom of the client (http, api, format, live transport): it must not run back up to the ' +
        'stores or machines that are built on it.',
      { path: '^client/lib/' },
      { path: '^client/(stores|machines)/' },
    ),
    forbid(
      'shared-client-not-to-screens',
      'The shared client folders (components, stores, machines, lib) are what screens are built from: they ' +
        'must not reach back up into a screen or the app shell, or a change to one screen breaks the others.',
      { path: '^client/(components|stores|machines|lib)/' },
      { path: '^client/(features|app)/' },
    ),
    forbid(
      'shared-client-not-to-api-modules',
      'An API module (a `*Api.ts`: the calls for one resource) belongs to the feature that owns the resource. ' +
        'The shared client folders are built on by every screen: if one of them imported a resource\'s calls, ' +
        'every screen would carry them and a change to that resource would reach screens that never show it. ' +
        'A shared module that needs data is handed the call or the data (stores/session.ts is given its calls ' +
        'by the app shell; stores/useLiveQuery.ts takes its source). The HTTP plumbing, lib/http.ts, is not an API module.',
      { path: '^client/(components|stores|machines|lib)/' },
      { path: 'Api\\.tsx?$' },
    ),
    forbid(
      'shared-client-makes-no-requests',
      'A resource call is a path and the request that sends it; the shared client folders make none, not even ' +
        'one written in place with the HTTP plumbing: a store that sent its own GET /api/... tied every screen ' +
        'that reads it to that resource, and could not be given other calls by a test or a screen. So they may ' +
        'not import lib/http.ts (the request functions): the stores are handed their calls by the app shell ' +
        '(stores/calls.ts, app/storesApi.ts; stores/session.ts by startSession), a shared hook or machine takes ' +
        'its fetch from the feature that uses it. What the answers mean (ApiError, an answer\'s marks) is lib/api.ts, ' +
        'which they may import.',
      { path: '^client/(components|stores|machines|lib)/', pathNot: '^client/lib/http\\.ts$' },
      { path: '^client/lib/http\\.ts$' },
    ),
    forbid(
      'server-base-not-up',
      'The server\'s base (database, event store, projections, read models, auth, mail) is what commands, ' +
        'history, scenarios, live and routes are built on: it must not import them back.',
      { path: '^server/(db|event-store|projections|read-models|auth|mail)/' },
      { path: '^server/(commands|history|scenarios|live|routes|plugins|cli|import|seed)/' },
    ),
    forbid(
      'server-history-not-to-writes',
      'The history reads the log and the read models; it must not depend on the write side or scenarios.',
      { path: '^server/history/' },
      { path: '^server/(commands|scenarios|routes|plugins)/' },
    ),
    forbid(
      'seed-clock-only-in-seed',
      'Only the demo seed records events at moments of its choosing (its past, spread over weeks); every ' +
        'other write is recorded by the clock, so no request can date an event.',
      { path: '^(server|client|domain)/', pathNot: '^server/(seed/|event-store/(append|seed-clock)(\\.test)?\\.ts$)' },
      { path: '^server/event-store/seed-clock\\.ts$' },
    ),
    forbid(
      'no-circular',
      'An import circle makes load order matter and the modules impossible to understand one at a time.',
      {},
      { circular: true },
    ),
    forbid('not-to-unresolvable', 'An import the linter cannot resolve would escape every rule above.', {}, { couldNotResolve: true }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // TypeScript 7 has no JavaScript compiler API for the linter to parse with, so it parses with swc,
    // which keeps `import type` lines (the rules above see type-only imports too).
    parser: 'swc',
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
