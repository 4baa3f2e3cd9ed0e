import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * API tests run once on the embedded PostgreSQL and, when TEST_DATABASE_URL names a server, once more on it:
 * production may use either, so both must pass.
 */
export function apiProjects(env: NodeJS.ProcessEnv): TestProjectInlineConfiguration[] {
  const project = (name: string, globalSetup: string): TestProjectInlineConfiguration => ({
    resolve: { alias: { '@portal/common': path.resolve(root, '../common/src/index.ts') } },
    test: {
      name,
      root,
      include: ['src/**/*.test.ts'],
      environment: 'node',
      globalSetup: [globalSetup],
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  });
  return [
    project('api-embedded', './test/global-setup-embedded.ts'),
    ...(env.TEST_DATABASE_URL ? [project('api-external', './test/global-setup-external.ts')] : []),
  ];
}
