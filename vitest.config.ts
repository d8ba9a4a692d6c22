import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One vitest run covers the unit and API tests of every package (browser specs live in tests/e2e
 * and run under Playwright). The API tests run on in-memory PGlite; when TEST_DATABASE_URL points
 * at a PostgreSQL server (CI starts one), the server's API tests run a second time on it.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;

/** API test folders run on the embedded database only (see the `postgres` project). */
const PROTOCOL_TEST_FOLDERS = [
  'providers',
  'parameters',
  'sso',
  'mcp',
  'speech',
  'code-execution',
  'web-search',
  'image-gen',
  'images',
  'tools',
  'config',
  'docs',
  'deploy',
  'fuzz',
  'guide',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, which on CI's two cores runs every file
    // in turn. Most API test time is waiting (server start, database, HTTP), so two workers
    // overlap it and nearly halve the run; each test server has its own database, so files never
    // share state.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'scripts/*.test.mjs',
            'bench/support/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, 'packages/server/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          // Server test files share their worker's loaded modules instead of loading the whole
          // server again for each file: loading it was about 40 % of the suite's CPU time. Each
          // file still starts its own servers on their own databases, and no server test changes
          // process-wide state (environment, module mocks) that a later file would inherit.
          isolate: false,
          env: { TEST_DATABASE_URL: '' },
          // Creates and migrates one in-memory database that every test server starts from.
          globalSetup: ['packages/server/test/helpers/migrated-pglite-cluster.ts'],
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true,
              test: {
                name: 'postgres',
                include: ['packages/server/test/**/*.test.ts'],
                // The production start runs on the embedded database whatever the project, and
                // `admin backup`/`restore` are the embedded database's (PostgreSQL uses pg_dump).
                // PGlite is PostgreSQL's own code, so a query answers the same on both; what the
                // second run adds is a server with many connections (races, locks, two instances)
                // and without PGlite's extensions. Files whose subject is a protocol or an outside
                // service — providers, parameters, sign-in handshakes, MCP, speech, code runs, web
                // search, pictures, configuration, documentation and the user guide's examples — store nothing those
                // tests do not, and run on the embedded database only (about a third of this
                // run's time).
                exclude: [
                  ...configDefaults.exclude,
                  'packages/server/test/startup/production-start.test.ts',
                  'packages/server/test/backup/backup-restore.test.ts',
                  ...PROTOCOL_TEST_FOLDERS.map((folder) => `packages/server/test/${folder}/**`),
                ],
                isolate: false,
                env: { TEST_DATABASE_URL: postgresUrl },
                // Creates and migrates the template every test database is copied from.
                globalSetup: ['packages/server/test/helpers/migrated-postgres-template.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
