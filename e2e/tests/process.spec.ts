import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { freshDataDir, startPortal } from '../portal-server.js';

function postgresPids(dataDir: string): number[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes('postgres') && line.includes(dataDir))
    .map((line) => Number.parseInt(line.trim(), 10));
}

async function embeddedClient(dataDir: string): Promise<pg.Client> {
  const pgDir = path.join(dataDir, 'pg');
  const password = (await readFile(path.join(pgDir, 'password'), 'utf8')).trim();
  const port = Number((await readFile(path.join(pgDir, 'data', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'portal', password, database: 'portal' });
  await client.connect();
  return client;
}

test('kill -9 keeps committed data; a clean stop leaves no PostgreSQL behind', async ({ request }) => {
  test.setTimeout(240_000);
  const dataDir = await freshDataDir();

  const first = await startPortal(dataDir, { DEMO_DATA: '0' });
  const client = await embeddedClient(dataDir);
  await client.query(`INSERT INTO audit_log (action, target_type) VALUES ('e2e-marker', 'test')`);
  await client.end();
  const secret = await readFile(path.join(dataDir, 'jwt-secret'), 'utf8');

  first.process.kill('SIGKILL');
  await new Promise((resolve) => first.process.once('exit', resolve));
  expect(postgresPids(dataDir).length).toBeGreaterThan(0);

  const second = await startPortal(dataDir, { DEMO_DATA: '0' });
  expect(second.log()).toContain('left running by an earlier portal process');
  const health = await request.get(`${second.url}/api/v1/health`);
  expect(health.status()).toBe(200);
  const check = await embeddedClient(dataDir);
  const marker = await check.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'e2e-marker'`);
  await check.end();
  expect(marker.rows[0].n).toBe(1);
  expect(await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);

  expect(await second.stop()).toBe(0);
  expect(postgresPids(dataDir)).toEqual([]);
});

test('a bad configuration value stops the start with a message naming it', async () => {
  const dataDir = await freshDataDir();
  await expect(startPortal(dataDir, { PORT: 'eighty' })).rejects.toThrow(/PORT/);
});
