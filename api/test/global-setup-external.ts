import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureLoginRole } from '../src/db/serving-role.js';
import { adminQuery, asRole, createTemplateDatabase, dropDatabasesWithPrefix } from './template-database.js';

/**
 * Runs the API tests on the PostgreSQL server named by TEST_DATABASE_URL. Every database this run makes carries
 * a random prefix and is dropped at the end, so runs never collide or leave anything behind; so does the role the
 * test apps serve as (the URL's role owns the tables, as DATABASE_MIGRATION_URL's would).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const prefix = `portal_t${randomBytes(4).toString('hex')}_`;
  const servingRole = `${prefix}serving`;
  const servingPassword = randomBytes(18).toString('base64url');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await ensureLoginRole(admin, servingRole, servingPassword);
  } finally {
    await admin.end();
  }
  await createTemplateDatabase(serverUrl, `${prefix}template`, servingRole);
  project.provide('dbServerUrl', serverUrl);
  project.provide('dbServingUrl', asRole(serverUrl, servingRole, servingPassword));
  project.provide('dbTemplate', `${prefix}template`);
  project.provide('dbPrefix', prefix);
  return async () => {
    await dropDatabasesWithPrefix(serverUrl, prefix);
    await adminQuery(serverUrl, `DROP ROLE IF EXISTS "${servingRole}"`);
  };
}
