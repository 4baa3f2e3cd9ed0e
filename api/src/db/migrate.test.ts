import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../../test/template-database.js';
import { seedReferenceData } from '../setup/seed/reference-data.js';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.js';
import { openDatabase } from './pool.js';

describe('runMigrations', () => {
  it('is safe when several instances start at once, and seeding is repeatable', async () => {
    const serverUrl = inject('dbServerUrl');
    const name = `${inject('dbPrefix')}migrate_${Date.now()}`;
    await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    const instances = [1, 2, 3].map(() => openDatabase(withDatabase(serverUrl, name), 2));
    try {
      await Promise.all(instances.map((i) => runMigrations(i.pool)));
      await Promise.all(instances.map((i) => seedReferenceData(i.db)));
      const db = instances[0]?.db;
      if (!db) throw new Error('no instance');
      const applied = await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
      const files = (await readdir(MIGRATIONS_FOLDER)).filter((f) => f.endsWith('.sql'));
      expect(applied.rows[0]).toEqual({ n: files.length });
      const colleges = await db.execute(sql`SELECT count(*)::int AS n FROM colleges`);
      expect((colleges.rows[0] as { n: number }).n).toBeGreaterThanOrEqual(15);
    } finally {
      await Promise.all(instances.map((i) => i.pool.end()));
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
