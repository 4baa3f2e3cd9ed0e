// The import rules of docs/architecture.md, checked by `npm run lint` (scripts/check-imports.mjs draws the
// architecture drawing from the same rules). A rule here and a sentence there say the same thing.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle ties two rooms together: neither can be changed or tested alone.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'common-imports-nothing-of-ours',
      severity: 'error',
      from: { path: '^common/src/' },
      to: { path: '^(api|web|e2e|bench|scripts)/' },
    },
    {
      name: 'api-and-web-apart',
      severity: 'error',
      comment: 'The API and the web app share only common/.',
      from: { path: '^(api|web)/src/' },
      to: { path: '^(api|web)/src/', pathNot: '^$1/src/' },
    },
    {
      name: 'floors-below-modules',
      severity: 'error',
      comment:
        'db/, lib/, storage/, config/, pdf/ and plugins/ are the floors modules stand on; they never import a module.',
      from: { path: '^api/src/(db|lib|storage|config|pdf|plugins)/' },
      to: { path: '^api/src/modules/' },
    },
    {
      name: 'modules-through-their-entry',
      severity: 'error',
      comment:
        "A module uses another only through that module's public entry (index.ts), never its repository or other inner files.",
      from: { path: '^api/src/modules/([^/]+)/' },
      to: {
        path: '^api/src/modules/([^/]+)/',
        pathNot: [
          '^api/src/modules/$1/',
          '^api/src/modules/[^/]+/index\\.ts$',
          '^api/src/modules/[^/]+/testing/',
        ],
      },
    },
    {
      name: 'test-helpers-in-tests-only',
      severity: 'error',
      comment: 'testing/ folders hold builders and stand-ins for tests; product code never imports them.',
      from: { path: '^(api|web)/src/', pathNot: ['\\.test\\.tsx?$', '/testing/'] },
      to: { path: '(^|/)testing/' },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment:
        'Web features do not import each other; what two features share lives in components/ or lib/. A feature is ' +
        'features/<x>/, and under admin/ (a family of staff screens, not one feature) each features/admin/<x>/; ' +
        "under admin/content/ (the super admin's content editors) each features/admin/content/<x>/. " +
        'No exceptions: the admin shell is a feature like the screens, and app/routes.tsx wires both.',
      from: { path: '^web/src/features/(admin/content/[^/]+|admin/[^/]+|[^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      from: { path: '^web/src/(components|lib)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'e2e-tests-the-product-from-outside',
      severity: 'error',
      comment:
        "Browser tests drive the built portal; they may borrow the API's test builders and stand-ins, never product code.",
      from: { path: '^e2e/' },
      to: {
        path: '^(api|web)/',
        pathNot: [
          '^api/test/(images|complete-data-fields|smtp-sink)\\.ts$',
          '^api/src/modules/imports/testing/spreadsheets\\.ts$',
        ],
      },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.imports.json' },
    // Packages that name their files in package.json "exports" (react-router/dom, altcha-lib, heic-to/csp) are
    // followed there, as Vite and TypeScript do; without it they count as unresolvable.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'browser', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
  },
};
