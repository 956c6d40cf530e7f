/**
 * What may import what. `npm run lint:layers` fails on any of these, so the layering is checked on
 * every `npm test` instead of being kept by habit. Paths are relative to the repository root.
 * Type-only imports count too: a type pulled from the wrong layer couples the layers just the same.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'client-not-to-server',
      comment: 'The browser bundle must not pull server code (secrets, pg, Fastify); share through domain/.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-to-client',
      comment: 'The server must not depend on React code; share through domain/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
    {
      name: 'domain-only-zod',
      comment:
        'domain/ is pure and runs in the browser and on the server alike: it may import itself and zod, ' +
        'nothing else (no node builtins, no I/O libraries, no app layers). Its own unit tests may use the test runner.',
      severity: 'error',
      from: { path: '^domain/', pathNot: '\\.test\\.tsx?$' },
      to: { pathNot: ['^domain/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'domain-tests-not-to-app',
      comment: 'Tests of the pure domain must not reach into the server or the client.',
      severity: 'error',
      from: { path: '^domain/.+\\.test\\.tsx?$' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'migrations-not-to-app',
      comment:
        'A migration is frozen once run: importing app code would silently change what an old migration does ' +
        'when that code changes later.',
      severity: 'error',
      from: { path: '^migrations/' },
      to: { path: '^(domain|server|client)/' },
    },
    {
      name: 'feature-not-to-other-feature',
      comment:
        'Screens are independent: what two features share goes to client/components, client/lib, client/stores ' +
        'or client/machines.',
      severity: 'error',
      from: { path: '^client/features/([^/]+)/' },
      to: { path: '^client/features/', pathNot: '^client/features/$1/' },
    },
    {
      name: 'client-lib-not-to-state',
      comment:
        'client/lib is the bottom of the client (api, format, live transport): it must not run back up to the ' +
        'stores or machines that are built on it.',
      severity: 'error',
      from: { path: '^client/lib/' },
      to: { path: '^client/(stores|machines)/' },
    },
    {
      name: 'no-circular',
      comment: 'An import circle makes load order matter and the modules impossible to understand one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the linter cannot resolve would escape every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
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
