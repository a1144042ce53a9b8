// The dependency rules `npm test` checks: no import circle in the main process, and each layer
// imports only the layers beneath it (rules ← machines ← state ← play ← db ← views ← app ← hosts).
// Tests and their support are left out of the layering: they drive the app from the top.
const source = '^src-main/(?!.*\\.test\\.ts$)(?!test-support/)';

/** A layer of src-main and the folders of src-main it must not import. */
const layer = (name, forbidden) => ({
  name: `${name}-layer`,
  comment: `src-main/${name} imports none of: ${forbidden.join(', ')}`,
  severity: 'error',
  from: { path: `${source}${name}/` },
  to: { path: `^src-main/(${forbidden.join('|')})/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle in the main process: split the shared piece out, or move it down a layer.',
      severity: 'error',
      from: { path: '^src-main/' },
      to: { circular: true },
    },
    layer('rules', ['tables', 'machines', 'state', 'play', 'db', 'views', 'app', 'odds', 'hosts']),
    layer('tables', ['machines', 'state', 'play', 'db', 'views', 'app', 'odds', 'hosts']),
    layer('machines', ['tables', 'state', 'play', 'db', 'views', 'app', 'odds', 'hosts']),
    layer('state', ['play', 'db', 'views', 'app', 'odds', 'hosts']),
    layer('play', ['db', 'views', 'app', 'odds', 'hosts']),
    layer('db', ['play', 'views', 'app', 'odds', 'hosts']),
    layer('views', ['app', 'odds', 'hosts']),
    layer('odds', ['views', 'app', 'hosts']),
    layer('app', ['hosts']),
    {
      name: 'shared-stands-alone',
      comment: 'src-shared is the contract both processes read: it imports neither of them.',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { path: '^src-(main|renderer)/' },
    },
    {
      name: 'renderer-reads-only-the-contract',
      comment: 'The renderer computes no rule: of the project it imports only src-shared.',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^(src-main|bench|scripts|e2e)/' },
    },
    {
      name: 'electron-only-in-its-host',
      comment: "Only the Electron shell imports 'electron'.",
      severity: 'error',
      from: { path: '^src-(main|shared|renderer)/', pathNot: '^src-main/hosts/electron/' },
      to: { path: '^electron$', dependencyTypes: ['npm', 'npm-dev', 'core', 'unknown', 'undetermined'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|out|fixtures)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.svelte.ts', '.js', '.mjs', '.svelte'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
