import type pg from 'pg';
import PgBoss from 'pg-boss';

/**
 * The portal serves as a role that owns nothing of the public schema (decision 20): only an owner may drop a
 * table, truncate it without the TRUNCATE privilege, or disable, drop or replace its triggers, so through the
 * serving role the audit log stays append-only whatever SQL runs. Migrations run as the owner, which then grants
 * the serving role what the portal's statements need and no more.
 */

/** pg-boss's schema (decision 9): created and migrated by pg-boss at start, with queues made while it runs. */
export const QUEUE_SCHEMA = 'pgboss';

const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Creates the login role when it is missing, and sets its password either way (an embedded cluster's serving
 * password is derived from its own and may have changed with it). Needs a superuser or CREATEROLE.
 */
export async function ensureLoginRole(client: pg.ClientBase, role: string, password: string): Promise<void> {
  const name = client.escapeIdentifier(role);
  const found = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  if (found.rowCount === 0) await client.query(`CREATE ROLE ${name} LOGIN`);
  await client.query(
    `ALTER ROLE ${name} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`,
  );
  await client.query(`ALTER ROLE ${name} PASSWORD ${client.escapeLiteral(password)}`);
}

/**
 * Gives the serving role rows, never tables: SELECT, INSERT, UPDATE, DELETE on every table of `public` (no
 * TRUNCATE, REFERENCES or TRIGGER), its sequences, and read access to drizzle's migrations table (the backup reads
 * the migration level). Default privileges cover a table the owner makes later outside a start (a restore, a table
 * made by hand); every start grants again anyway, after its migrations, under the migration lock (two GRANTs on one
 * table at once can fail with 'tuple concurrently updated'). pg-boss's schema is the serving role's own: pg-boss
 * migrates it at start and adds a partition for each new queue, which takes the owner of its tables.
 */
export async function grantServingRole(client: pg.ClientBase, role: string): Promise<void> {
  const name = client.escapeIdentifier(role);
  const { rows } = await client.query<{ owns: boolean; superuser: boolean }>(
    `SELECT r.rolname = current_user AS owns, r.rolsuper AS superuser FROM pg_roles r WHERE r.rolname = $1`,
    [role],
  );
  const found = rows[0];
  if (!found) throw new Error(`the serving role ${role} does not exist`);
  if (found.owns)
    throw new Error(`DATABASE_URL and DATABASE_MIGRATION_URL connect as the same role (${role})`);
  if (found.superuser)
    throw new Error(`the serving role ${role} is a superuser: it could drop the audit log`);

  await client.query(`GRANT USAGE ON SCHEMA public TO ${name}`);
  await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${name}`);
  await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${name}`);
  await client.query(
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${name}`,
  );
  await client.query(
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${name}`,
  );
  await client.query(`GRANT USAGE ON SCHEMA drizzle TO ${name}`);
  await client.query(`GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${name}`);
  await handQueueSchemaTo(client, role);
}

/**
 * Installs pg-boss's schema when it is missing (pg-boss would create it itself, but CREATE SCHEMA takes the
 * CREATE privilege on the database, which the serving role does not get), then makes the serving role the owner
 * of the schema and of everything in it: also a schema an earlier single-role start left to the owner. Changing
 * an owner takes membership of the new owner's role: a superuser, or an owner role granted the serving role.
 */
async function handQueueSchemaTo(client: pg.ClientBase, role: string): Promise<void> {
  const installed = await client.query('SELECT to_regclass($1) AS version', [`${QUEUE_SCHEMA}.version`]);
  if (!installed.rows[0]?.version) await client.query(PgBoss.getConstructionPlans(QUEUE_SCHEMA));
  await client
    .query(
      `DO $$
    DECLARE
      target text := ${client.escapeLiteral(role)};
      object record;
    BEGIN
      EXECUTE format('ALTER SCHEMA %I OWNER TO %I', ${client.escapeLiteral(QUEUE_SCHEMA)}, target);
      -- Tables and partitions; their indexes and the sequences of their columns follow them.
      FOR object IN
        SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ${client.escapeLiteral(QUEUE_SCHEMA)} AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
          AND pg_get_userbyid(c.relowner) <> target
      LOOP
        EXECUTE format('ALTER TABLE %s OWNER TO %I', object.name, target);
      END LOOP;
      FOR object IN
        SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ${client.escapeLiteral(QUEUE_SCHEMA)} AND c.relkind = 'S'
          AND pg_get_userbyid(c.relowner) <> target
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))
      LOOP
        EXECUTE format('ALTER SEQUENCE %s OWNER TO %I', object.name, target);
      END LOOP;
      FOR object IN
        SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = ${client.escapeLiteral(QUEUE_SCHEMA)} AND pg_get_userbyid(p.proowner) <> target
      LOOP
        EXECUTE format('ALTER ROUTINE %s OWNER TO %I', object.name, target);
      END LOOP;
      FOR object IN
        SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = ${client.escapeLiteral(QUEUE_SCHEMA)} AND t.typtype IN ('e', 'd', 'c')
          AND t.typrelid = 0 AND pg_get_userbyid(t.typowner) <> target
      LOOP
        EXECUTE format('ALTER TYPE %s OWNER TO %I', object.name, target);
      END LOOP;
    END
    $$`,
    )
    .catch((error: unknown) => {
      if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
      throw new Error(
        `DATABASE_MIGRATION_URL's role cannot hand the ${QUEUE_SCHEMA} schema to ${role}: ` +
          `GRANT ${client.escapeIdentifier(role)} TO <that role>, once, as a superuser`,
        { cause: error },
      );
    });
}
