import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Import boundaries from ARCHITECTURE.md: common, schemas and locales stand alone; the client never reaches the server. */
const serverAndClient = {
  group: ['**/server/**', '**/client/**', '**/src/server', '**/src/client'],
  message:
    'src/common, schemas and locales are shared by both sides and must not import from src/server or src/client.',
};
/** The declarations are read by everything else, so they read nothing of src (not even src/common). */
const declarationsFirst = {
  group: ['**/src/**', '**/src'],
  message: 'schemas and locales are the bottom layer: src/common imports them, never the other way round.',
};
const server = { group: ['**/server/**', '**/src/server'], message: 'The console must not import server code.' };
const client = { group: ['**/client/**', '**/src/client'], message: 'The server must not import console code.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'tests/e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/common/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverAndClient] }] },
  },
  {
    files: ['schemas/**', 'locales/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverAndClient, declarationsFirst] }] },
  },
  // A migration runs against the database as it was when it shipped, not as the row types say now
  // (Kysely's own advice: https://kysely.dev/docs/migrations).
  { files: ['src/server/db/migrations/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // CommonJS configuration files of the tools (dependency-cruiser reads only CommonJS).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['src/client/**'], rules: { 'no-restricted-imports': ['error', { patterns: [server] }] } },
  { files: ['src/server/**'], rules: { 'no-restricted-imports': ['error', { patterns: [client] }] } },
);
