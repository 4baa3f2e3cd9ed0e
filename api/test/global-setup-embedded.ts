import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { EMBEDDED_SERVING_ROLE, startEmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { createTemplateDatabase } from './template-database.js';

/** One embedded PostgreSQL cluster for the whole run, in a temporary folder removed afterwards. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-test-pg-'));
  await chmod(dir, 0o755);
  const cluster = await startEmbeddedPostgres(path.join(dir, 'pg'), { info: () => {}, warn: console.warn });
  const serverUrl = cluster.connectionString('postgres');
  const prefix = 'portal_test_';
  await createTemplateDatabase(serverUrl, `${prefix}template`, EMBEDDED_SERVING_ROLE);
  project.provide('dbServerUrl', serverUrl);
  project.provide('dbServingUrl', cluster.servingConnectionString('postgres'));
  project.provide('dbTemplate', `${prefix}template`);
  project.provide('dbPrefix', prefix);
  return async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
