/**
 * Import structure checked by `npm run lint` (dependency-cruiser; ESLint checks the rest).
 * - No import cycles anywhere in src, schemas or locales.
 * - Features talk to each other through their index.ts only. Shared layers (the server's http, db and common
 *   folders, the console's components, providers, i18n and theme) are open to all.
 */
const SERVER_FEATURES = [
  'auth',
  'users',
  'resources',
  'questions',
  'exams',
  'media',
  'demo-requests',
  'system',
  'demo',
  'setup',
  'delivery',
  'correction',
  'schools',
  'reports',
  'pdf',
];
const CLIENT_FEATURES = [
  'exams',
  'questions',
  'generic',
  'settings',
  'media',
  'rich-text',
  'platforms',
  'profile',
  'public',
  'layout',
  'demo-requests',
  'auth',
  'student',
  'correction',
  'reports',
];

const featureRule = (side, features) => ({
  name: `${side}-feature-internals`,
  severity: 'error',
  comment: `Import another feature of src/${side} from its index.ts, not its internals.`,
  from: { path: `^src/${side}/([^/]+)/` },
  to: {
    path: `^src/${side}/(${features.join('|')})/`,
    pathNot: [`^src/${side}/$1/`, `^src/${side}/[^/]+/index\\.tsx?$`],
  },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other in a circle.',
      from: {},
      to: { circular: true },
    },
    featureRule('server', SERVER_FEATURES),
    featureRule('client', CLIENT_FEATURES),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
