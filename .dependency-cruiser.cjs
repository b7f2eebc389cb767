/**
 * Import structure checked by `npm run lint` (dependency-cruiser; ESLint checks the rest).
 * - No import cycles anywhere in src, schemas or locales.
 * - Features talk to each other through their index.ts only. Shared layers (the server's http and db
 *   folders, the console's components, providers, i18n and theme; src/common) are open to all. The
 *   feature list is read from the folders, so a new feature folder is held to the rule at once.
 */
const fs = require('node:fs');
const path = require('node:path');

/** Folders every feature may import from directly: the shared layers of each side. */
const SHARED = { server: ['http', 'db'], client: ['components', 'providers', 'i18n', 'theme'] };

/** Every folder of src/<side> that is not a shared layer is a feature: a new folder is one at once. */
const featuresOf = (side) =>
  fs
    .readdirSync(path.join(__dirname, 'src', side), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SHARED[side].includes(entry.name))
    .map((entry) => entry.name);
const SERVER_FEATURES = featuresOf('server');
const CLIENT_FEATURES = featuresOf('client');

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

/** A shared layer serves the features, so it never imports one (that would make it a feature too). */
const layerRule = (side, features) => ({
  name: `${side}-shared-layer-imports-feature`,
  severity: 'error',
  comment: `The shared layers of src/${side} (${SHARED[side].join(', ')}) must not import a feature.`,
  from: { path: `^src/${side}/(${SHARED[side].join('|')})/` },
  to: { path: `^src/${side}/(${features.join('|')})/` },
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
    layerRule('server', SERVER_FEATURES),
    layerRule('client', CLIENT_FEATURES),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
