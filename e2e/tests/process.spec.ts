import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { connectPortalDb } from '../portal-db.js';
import { freshDataDir, startPortal } from '../portal-server.js';

function postgresPids(dataDir: string): number[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes('postgres') && line.includes(dataDir))
    .map((line) => Number.parseInt(line.trim(), 10));
}

test('kill -9 keeps committed data; a clean stop leaves no PostgreSQL behind', async ({ request }) => {
  test.setTimeout(240_000);
  const dataDir = await freshDataDir();

  const first = await startPortal(dataDir, { DEMO_DATA: '0' });
  const client = await connectPortalDb(dataDir);
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
  const check = await connectPortalDb(dataDir);
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
