/**
 * The import rules of the layout (docs/architecture.md, Import rules): core at the bottom knowing no group, each group
 * self-contained behind its public face, everything assembled from functions/registry.ts.
 * test/unit/dependencies.test.ts runs this, so `npm test` fails on a violation.
 */
/** Folders under functions/ that are not endpoint groups. */
/**
 * functions/generated/: build output (bin/build-validators.ts), one module per group, imported by that group's
 * Lambda entry. functions/lambda/: the Lambda entries (one per group) and their wiring, above every group.
 */
const NOT_GROUPS = '(?:core|consumers|generated|lambda)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle anywhere, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-knows-no-group',
      comment:
        'core is the shared runtime below every group: it imports no group, consumer, registry or assembled ' +
        'table (functions/*.ts), and nothing of lib/ or bin/. What it needs of a group comes in as an argument.',
      severity: 'error',
      from: { path: '^functions/core/' },
      to: { path: '^(?:functions/(?!core/)|lib/|bin/)' },
    },
    {
      name: 'below-the-registry',
      comment:
        'The registry and the tables assembled from it (functions/*.ts) are the top of functions/: no module ' +
        'under it ' +
        "imports them, a group's Lambda entry included (else every group's folder reaches every other through the " +
        "registry). What a Lambda needs of them is its group's build output (functions/generated/<group>.js), " +
        'and the ' +
        'OpenAPI document the system group serves is generated too. Only lib/, bin/ and the tests read the tables.',
      severity: 'error',
      from: { path: '^functions/[^/]+/' },
      to: { path: '^functions/[^/]+\\.ts$' },
    },
    {
      name: 'lambda-entries-on-top',
      comment:
        "functions/lambda/ holds each group's Lambda entry, its composition root: it wires what one group implements " +
        "into another's port (managed integrations' claim into invitations, tokens' collections into wallets) and " +
        'the accounts and integration directories into core. No group, consumer or core module imports it, so ' +
        'no group reaches another through it.',
      severity: 'error',
      from: { path: '^functions/', pathNot: '^functions/lambda/' },
      to: { path: '^functions/lambda/' },
    },
    {
      name: 'lambda-entry-of-one-group',
      comment: "A group's Lambda entry takes its own group's operations, and other groups only through their faces.",
      severity: 'error',
      from: { path: '^functions/lambda/([^/]+)\\.ts$' },
      to: {
        path: `^functions/(?!${NOT_GROUPS}/)[^/]+/`,
        pathNot: ['^functions/$1/', '^functions/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'invitations-below-managed-integrations',
      comment:
        "Managed integrations issue invitations (through invitations' face) and implement the claim as an " +
        "InvitationKind, the invitations group's port, wired in by the invitations Lambda entry: no invitations " +
        'module reaches back.',
      severity: 'error',
      from: { path: '^functions/invitations/' },
      to: { path: '^functions/managed-integrations/' },
    },
    {
      name: 'errors-at-the-bottom',
      comment:
        'core/errors/ (the error catalogue and the typed errors) imports nothing else of the repository, so every ' +
        'folder of core imports its errors from below it.',
      severity: 'error',
      from: { path: '^functions/core/errors/' },
      to: { pathNot: '^functions/core/errors/' },
    },
    {
      name: 'core-http-on-top',
      comment:
        "core's request pipeline (core/http/) builds on auth, db, validation and ledger; none of them imports it back.",
      severity: 'error',
      from: { path: '^functions/core/(?:auth|db|validation|ledger)/' },
      to: { path: '^functions/core/http/' },
    },
    {
      name: 'group-through-public-face',
      comment:
        'A group (or consumer) reaches another group only through its index.ts, never its inner files; a Lambda ' +
        "entry (functions/lambda/) takes its own group's operations.",
      severity: 'error',
      from: { path: '^functions/([^/]+)/', pathNot: '^functions/lambda/' },
      to: {
        path: `^functions/(?!${NOT_GROUPS}/)[^/]+/`,
        pathNot: ['^functions/$1/', '^functions/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'group-declarations-are-data',
      comment:
        "A group's declaration files (group, routes, schemas, permissions, infrastructure) import no other group: " +
        "the registry assembles them without loading any operation (functions/core/group.ts). Another group's schema " +
        'is named by its id in routes.ts.',
      severity: 'error',
      from: { path: `^functions/(?!${NOT_GROUPS}/)([^/]+)/(?:group|routes|schemas|permissions|infrastructure)\\.ts$` },
      to: { path: `^functions/(?!${NOT_GROUPS}/)[^/]+/`, pathNot: '^functions/$1/' },
    },
    {
      name: 'lib-bin-through-registry',
      comment: 'lib/ and bin/ reach groups only through the registry, the tables assembled from it, or public faces.',
      severity: 'error',
      from: { path: '^(?:lib|bin)/' },
      to: {
        path: `^functions/(?!${NOT_GROUPS}/)[^/]+/`,
        pathNot: '^functions/[^/]+/index\\.ts$',
      },
    },
  ],
  options: {
    includeOnly: '^(?:functions|lib|bin|schemas)/',
    exclude: { path: '^functions/(?:core/validation/)?generated/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
