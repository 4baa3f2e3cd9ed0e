import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { describe, expect, inject, it } from 'vitest';
import { bearer, staffWithRole, tokenFor } from '../../test/auth-helpers.js';
import { insertStudent } from '../../test/builders.js';
import { adminQuery, withDatabase } from '../../test/template-database.js';
import { createTestApp } from '../../test/test-app.js';
import { loadConfig } from '../config/config.js';
import { startDatabase } from '../setup/start-database.js';

/** What the portal's own role could try against the audit log, each of which must be refused. */
const TAMPERING = [
  'DROP TABLE audit_log',
  'DROP TABLE audit_log CASCADE',
  'TRUNCATE audit_log',
  'ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only',
  'ALTER TABLE audit_log DISABLE TRIGGER ALL',
  'DROP TRIGGER audit_log_append_only ON audit_log',
  'DROP FUNCTION audit_log_append_only() CASCADE',
  `CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END; $$`,
  'ALTER TABLE audit_log RENAME TO audit_log_old',
  'ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY',
  "SET session_replication_role = 'replica'",
  'DROP SCHEMA public CASCADE',
  'DELETE FROM audit_log',
  "UPDATE audit_log SET action = 'nothing'",
];

/** Tries each statement in a transaction of its own (rolled back either way); answers the ones that went through. */
async function allowed(client: pg.ClientBase, statements: readonly string[]): Promise<string[]> {
  const through: string[] = [];
  for (const statement of statements) {
    await client.query('BEGIN');
    try {
      await client.query(statement);
      through.push(statement);
    } catch {
      // Refused, as it must be.
    } finally {
      await client.query('ROLLBACK');
    }
  }
  return through;
}

async function auditRows(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
  return rows[0]?.n ?? 0;
}

const { app, database } = await createTestApp();

describe('the role the portal serves as', () => {
  it('cannot drop, truncate, disable or rewrite the audit log, and the portal still works and audits', async () => {
    const { pool } = database.serving;
    const staff = await staffWithRole(app, 'SUPERADMIN');
    const student = await insertStudent(database.db);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/students/deleteStudent/${student.id}`,
      headers: bearer(await tokenFor(app, staff)),
    });
    expect(deleted.statusCode).toBe(200);
    const before = await auditRows(pool);
    expect(before).toBeGreaterThan(0);

    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ role: string; superuser: boolean }>(
        'SELECT current_user AS role, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user',
      );
      expect(rows[0]?.superuser).toBe(false);
      expect(rows[0]?.role).not.toBe(new URL(database.url).username);
      expect(await allowed(client, TAMPERING)).toEqual([]);
    } finally {
      client.release();
    }
    expect(await auditRows(pool)).toBe(before);
    expect(await auditRows(database.pool)).toBe(before);
  });
});

describe('startDatabase with DATABASE_MIGRATION_URL', () => {
  it('migrates a new database as that role and serves as DATABASE_URL’s, which cannot touch the audit log', async () => {
    const name = `${inject('dbPrefix')}roles_${Date.now()}`;
    const serverUrl = inject('dbServerUrl');
    await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    const warnings: string[] = [];
    const started = await startDatabase(
      loadConfig({
        DATABASE_URL: withDatabase(inject('dbServingUrl'), name),
        DATABASE_MIGRATION_URL: withDatabase(serverUrl, name),
      }),
      { info: () => undefined, warn: (message) => warnings.push(message) },
    );
    const client = await started.pool.connect();
    try {
      const { rows } = await client.query<{ role: string }>('SELECT current_user AS role');
      expect(rows[0]?.role).toBe(decodeURIComponent(new URL(inject('dbServingUrl')).username));
      expect(await allowed(client, TAMPERING)).toEqual([]);
      const colleges = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM colleges');
      expect(colleges.rows[0]?.n).toBeGreaterThan(0);
      expect(warnings).toEqual([]);
    } finally {
      client.release();
      await started.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });

  it('hands a queue schema an earlier single-role start made, queues and jobs included, to the serving role', async () => {
    const name = `${inject('dbPrefix')}queue_${Date.now()}`;
    const serverUrl = inject('dbServerUrl');
    await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    const servingUrl = withDatabase(inject('dbServingUrl'), name);
    // As the release before this one left it: pg-boss started as the owner, made a queue and holds a job.
    const old = new PgBoss({
      connectionString: withDatabase(serverUrl, name),
      supervise: false,
      schedule: false,
    });
    await old.start();
    await old.createQueue('roles.check');
    const job = await old.send('roles.check', { kept: true });
    await old.stop({ graceful: false, wait: true });

    const started = await startDatabase(
      loadConfig({ DATABASE_URL: servingUrl, DATABASE_MIGRATION_URL: withDatabase(serverUrl, name) }),
      { info: () => undefined, warn: () => undefined },
    );
    try {
      const { rows } = await started.pool.query<{ owner: string; objects: number }>(
        `SELECT pg_get_userbyid(c.relowner) AS owner, count(*)::int AS objects
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'pgboss' GROUP BY 1`,
      );
      expect(rows).toEqual([
        { owner: decodeURIComponent(new URL(servingUrl).username), objects: expect.any(Number) },
      ]);
      const boss = new PgBoss({ connectionString: servingUrl, supervise: false, schedule: false });
      await boss.start();
      try {
        await boss.createQueue('roles.check.after');
        expect((await boss.getJobById('roles.check', job ?? ''))?.data).toEqual({ kept: true });
      } finally {
        await boss.stop({ graceful: false, wait: true });
      }
    } finally {
      await started.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });

  it('with DATABASE_URL alone keeps one role, as before, and warns what that leaves open', async () => {
    const name = `${inject('dbPrefix')}one_role_${Date.now()}`;
    const serverUrl = inject('dbServerUrl');
    await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    const warnings: string[] = [];
    const started = await startDatabase(loadConfig({ DATABASE_URL: withDatabase(serverUrl, name) }), {
      info: () => undefined,
      warn: (message) => warnings.push(message),
    });
    try {
      const { rows } = await started.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM colleges');
      expect(rows[0]?.n).toBeGreaterThan(0);
      expect(warnings).toEqual([expect.stringContaining('set DATABASE_MIGRATION_URL')]);
    } finally {
      await started.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});

describe('startDatabase on the embedded PostgreSQL', () => {
  it('migrates as the cluster owner and serves as a role of its own that cannot touch the audit log', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-roles-'));
    await chmod(dataDir, 0o755);
    const quiet = { info: () => undefined, warn: () => undefined };
    const started = await startDatabase(loadConfig({ DATA_DIR: dataDir }), quiet);
    const client = await started.pool.connect();
    try {
      const { rows } = await client.query<{ role: string; owner: string }>(
        `SELECT current_user AS role, pg_get_userbyid(c.relowner) AS owner
           FROM pg_class c WHERE c.oid = 'audit_log'::regclass`,
      );
      expect(rows[0]).toEqual({ role: 'portal_app', owner: 'portal' });
      expect(await allowed(client, TAMPERING)).toEqual([]);
      // It still reads and writes the rows of every table, and the queue's schema is its own.
      await client.query("INSERT INTO audit_log (action) VALUES ('roles.check')");
      await client.query('SELECT count(*) FROM students');
      const queue = await client.query<{ owner: string }>(
        "SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = 'pgboss'",
      );
      expect(queue.rows[0]?.owner).toBe('portal_app');
    } finally {
      client.release();
      await started.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
