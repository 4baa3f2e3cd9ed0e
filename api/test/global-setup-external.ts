import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, dropDatabasesWithPrefix } from './template-database.js';

/**
 * Runs the API tests on the PostgreSQL server named by TEST_DATABASE_URL. Every database this run makes carries
 * a random prefix and is dropped at the end, so runs never collide or leave anything behind.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const prefix = `portal_t${randomBytes(4).toString('hex')}_`;
  await createTemplateDatabase(serverUrl, `${prefix}template`);
  project.provide('dbServerUrl', serverUrl);
  project.provide('dbTemplate', `${prefix}template`);
  project.provide('dbPrefix', prefix);
  return () => dropDatabasesWithPrefix(serverUrl, prefix);
}
