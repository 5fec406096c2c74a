// @ts-check
/**
 * The lint run by `npm test` (`npm run lint`): TypeScript's recommended rules everywhere, the rules of
 * hooks and accessibility in the web app, and the architecture of the web app and of the server
 * (boundaries/dependencies). The web app:
 *
 *   main.tsx   → app, components, lib, locales
 *   sw.ts      → contract (the service worker)
 *   app        → a feature's public entry or page module (*-page.tsx, each page its own chunk), components, lib, locales, contract
 *   feature    → its own files (both its member/ and admin/ sides), components, lib, locales, contract, another
 *                feature only through its public entry (index.ts, member/index.ts, admin/index.ts)
 *   components → components, lib, locales, contract
 *   lib        → lib, locales, contract
 *   contract   → contract only
 *   test files → what their own folder may import, and web/test (the component-test harness);
 *   web/test   → app, components, lib, locales, contract, a feature's public entry or catalogue.ts
 *
 * Anything not listed is refused, so the web app never imports server/.
 *
 * The server's layers, the same way (each line what its files may import; type-only imports included):
 *
 *   composition → everything below: app.ts, start.ts, main.ts, runtime.ts, hourly-job.ts, web-app.ts, share-card.ts and cli/
 *   domain      → its own files, another domain's entries (its `*-service.ts` and the modules
 *                 SERVER_DOMAIN_ENTRIES names; never its routes), foundation,
 *                 contract: accounts, plans, groups, plan-requests, instalments, bank-statements, receipts, referrals, winners,
 *                 reminders, corrections, exports, users, profile, admin, audit, notifications, messaging, bank-accounts,
 *                 operations (every other folder of server/)
 *   foundation  → foundation, contract: db/, http/, mail/, messaging/ (phone providers), figures/ (the money definitions, RULES §6a),
 *                 lib/ (CSV writing, the common passwords), business-time.ts, logger*.ts, config.ts, failpoints.ts
 *   test files, server/test, server/security → anything of the server
 *
 * So nothing below the domains knows one (http's session hooks take a lookup the app builds), and a
 * route has one owner. No module imports itself back through its imports, in the web app or the server
 * (import-x/no-cycle; type-only imports are left out, as they vanish at build). web/architecture.test.ts
 * and server/architecture.test.ts check that each of these rules refuses what it should.
 */
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const TS = ['**/*.ts', '**/*.tsx'];
const WEB = ['web/**/*.ts', 'web/**/*.tsx'];
const WEB_AND_CONTRACT = [...WEB, 'contract/**/*.ts'];
const SOURCES = [...WEB_AND_CONTRACT, '{server,e2e,scripts,bench}/**/*.ts', '*.ts'];

/** A policy allowing imports of any of these element types. */
const shared = (...types) => ({ to: { element: { types: { anyOf: types } } } });

/** A feature's public entries: the index.ts of its member side, of its admin side, or of the feature itself. */
const FEATURE_ENTRIES = ['index.ts', 'member/index.ts', 'admin/index.ts'];
const featureEntry = { to: { element: { type: 'feature', fileInternalPath: FEATURE_ENTRIES } } };

/**
 * The server below its domains: files directly in server/ (the business time, the logger, the
 * configuration, the points where tests inject faults) and folders (the database, HTTP, mail, the phone providers, the money
 * figures, general utilities such as CSV writing and the common passwords). None of them imports a domain.
 */
const SERVER_FOUNDATION_FILES = ['business-time', 'logger*', 'config', 'failpoints'];
const SERVER_FOUNDATION_FOLDERS = ['db', 'http', 'mail', 'messaging', 'figures', 'lib'];
/** Above the domains: the start and the wiring of the app (and the commands in server/cli). */
const SERVER_COMPOSITION_FILES = ['app', 'start', 'main', 'runtime', 'hourly-job', 'web-app', 'share-card'];
/**
 * What another domain may import of a domain: its services (`*-service.ts`) and the modules named here,
 * never its routes nor the rest of its rules and SQL, which are its own.
 */
const SERVER_DOMAIN_ENTRIES = {
  accounts: ['users.ts', 'sessions.ts', 'secrets.ts', 'security-notices.ts', 'second-factor.ts', 'step-up-log.ts'],
  audit: ['audit.ts', 'audit-list.ts', 'audit-subjects.ts'],
  notifications: ['notify.ts'],
  messaging: ['channel.ts', 'message-outbox.ts'],
  instalments: ['payment-view.ts', 'instalment-reports.ts'],
  receipts: ['receipt-links.ts', 'receipt-storage.ts', 'receipt-upload.ts'],
  reminders: ['months-owed-on-joining.ts'],
  users: ['member-search.ts', 'cnic-claims.ts'],
};
const domainEntries = [
  { to: { element: { type: 'domain', fileInternalPath: '*-service.ts' } } },
  ...Object.entries(SERVER_DOMAIN_ENTRIES).map(([domain, files]) => ({ to: { element: { type: 'domain', captured: { domain }, fileInternalPath: files } } })),
];
/** A policy allowing imports of files of any of these categories. */
const sharedFiles = (...categories) => categories.map((category) => ({ to: { file: { categories: category } } }));
const SERVER_BELOW_DOMAINS = [shared('contract', 'foundation'), ...sharedFiles('foundation')];
const SERVER_ANY = [shared('contract', 'foundation', 'domain', 'composition'), ...sharedFiles('foundation', 'composition')];

export default defineConfig([
  // web/public holds static files served as they are (a classic script), not modules of the app.
  globalIgnores(['**/dist/', '**/node_modules/', 'e2e/.artifacts/', '**/coverage/', 'web/public/']),

  {
    files: TS,
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },

  // The two classic rules of hooks only: the React Compiler rules of the plugin's presets are left off
  // (the app is not compiled by the React Compiler, and they run it over every file, doubling the lint).
  {
    files: WEB,
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  {
    files: ['web/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },

  // A component file past 300 lines of code is doing more than one thing: split it by what it shows.
  {
    files: ['web/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['warn', { max: 300, skipBlankLines: true, skipComments: true }] },
  },

  {
    files: WEB_AND_CONTRACT,
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/elements': [
        { type: 'app', pattern: 'web/app', partialMatch: false },
        { type: 'feature', pattern: 'web/features/*', capture: ['feature'], partialMatch: false },
        { type: 'components', pattern: 'web/components', partialMatch: false },
        { type: 'lib', pattern: 'web/lib', partialMatch: false },
        { type: 'locales', pattern: 'web/locales', partialMatch: false },
        { type: 'test', pattern: 'web/test', partialMatch: false },
        { type: 'contract', pattern: 'contract', partialMatch: false },
        { type: 'server', pattern: 'server', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'entry', pattern: 'web/main.tsx' },
        { category: 'service-worker', pattern: 'web/sw.ts' },
        { category: 'test', pattern: ['**/*.test.ts', '**/*.test.tsx', '**/test-support.ts', '**/test-support.tsx', '**/test-fixtures.ts', '**/test-utils.tsx'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Imports between files of one element (one feature, lib, …) are not checked: they are its own.
          policies: [
            { from: { file: { categories: 'entry' } }, allow: shared('app', 'components', 'lib', 'locales') },
            // The service worker runs apart from the page: it shares only the contract (the push message).
            { from: { file: { categories: 'service-worker' } }, allow: shared('contract') },
            {
              from: { element: { type: 'app' } },
              allow: [
                shared('components', 'lib', 'locales', 'contract'),
                // The router loads each page as its own chunk: a page module is a public entry for the app.
                { to: { element: { type: 'feature', fileInternalPath: [...FEATURE_ENTRIES, '*-page.tsx', '*/*-page.tsx'] } } },
              ],
            },
            { from: { element: { type: 'feature' } }, allow: [shared('components', 'lib', 'locales', 'contract'), featureEntry] },
            { from: { element: { type: 'components' } }, allow: shared('lib', 'locales', 'contract') },
            { from: { element: { type: 'lib' } }, allow: shared('locales', 'contract') },
            {
              from: { element: { type: 'test' } },
              allow: [
                shared('app', 'components', 'lib', 'locales', 'contract'),
                // The harness registers an area's texts (its catalogue.ts) so that its pages can be rendered alone.
                { to: { element: { type: 'feature', fileInternalPath: [...FEATURE_ENTRIES, 'catalogue.ts', '*/catalogue.ts'] } } },
              ],
            },
            { from: { file: { categories: 'test' } }, allow: shared('test') },
          ],
        },
      ],
    },
  },

  // The server's production code never imports its test support (server/test: test contexts, processes,
  // fixtures) nor a test library: what runs in production is what ships in it.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/test/*', '**/test/**'], message: 'Test support (server/test) is for tests only.' },
            { group: ['vitest', 'vitest/*', 's3rver', 'smtp-server', 'pdf-lib', 'fast-check'], message: 'A test library is for tests only.' },
          ],
        },
      ],
    },
  },

  // A server test reads an answer as its route's contract types it (server/test/route-answers.ts), or by the
  // schema it names (`{ answer: schema }`), never by a shape written again beside it: no cast on a response's body.
  {
    files: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression:not([typeAnnotation.typeName.name='const']):has(> MemberExpression[property.name='body']), TSAsExpression:not([typeAnnotation.typeName.name='const']) > MemberExpression :matches(MemberExpression[property.name='body'])",
          message: "The body is typed by its route's answer; name the answer's schema ({ answer: schema }) rather than cast it to a shape.",
        },
      ],
    },
  },

  // The server's layers (boundaries/dependencies): what runs below the domains never imports one, and a
  // domain reaches another only through its services, never its routes.
  {
    files: ['server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js', '.json'] } },
      'boundaries/elements': [
        { type: 'contract', pattern: 'contract', partialMatch: false },
        { type: 'server-test', pattern: 'server/{test,security}', partialMatch: false },
        { type: 'composition', pattern: 'server/cli', partialMatch: false },
        { type: 'foundation', pattern: `server/{${SERVER_FOUNDATION_FOLDERS}}`, capture: ['layer'], partialMatch: false },
        { type: 'domain', pattern: 'server/*', capture: ['domain'], partialMatch: false },
      ],
      // The files directly in server/ are no element (elements are folders): their file category places them.
      'boundaries/files': [
        { category: 'composition', pattern: `server/{${SERVER_COMPOSITION_FILES}}.ts` },
        { category: 'foundation', pattern: `server/{${SERVER_FOUNDATION_FILES}}.ts` },
        { category: 'test', pattern: ['**/*.test.ts'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Imports between files of one element (one domain, http, …) are not checked: they are its own.
          policies: [
            { from: { element: { type: 'composition' } }, allow: SERVER_ANY },
            { from: { file: { categories: 'composition' } }, allow: SERVER_ANY },
            { from: { element: { type: 'foundation' } }, allow: SERVER_BELOW_DOMAINS },
            { from: { file: { categories: 'foundation' } }, allow: SERVER_BELOW_DOMAINS },
            { from: { element: { type: 'domain' } }, allow: [...SERVER_BELOW_DOMAINS, ...domainEntries] },
            // Tests and the test support reach whatever they test.
            { from: { element: { type: 'server-test' } }, allow: [...SERVER_ANY, shared('server-test')] },
            { from: { file: { categories: 'test' } }, allow: [...SERVER_ANY, shared('server-test')] },
          ],
        },
      ],
    },
  },

  {
    files: SOURCES,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
]);
