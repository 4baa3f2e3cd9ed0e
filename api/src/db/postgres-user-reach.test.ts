import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { foldersOnTheWay, mayEnter } from './postgres-user-reach.js';

const POSTGRES = { uid: 101, gid: 104 };
const folder = (uid: number, gid: number, mode: number) => ({ folder: '/x', uid, gid, mode });
const silent = { info: () => undefined, warn: () => undefined };

describe('whether the PostgreSQL user may pass through a folder', () => {
  it('reads the owner bits of its own folder, the group bits of its group, everyone’s otherwise', () => {
    expect(mayEnter(folder(101, 0, 0o700), POSTGRES)).toBe(true);
    expect(mayEnter(folder(101, 104, 0o077), POSTGRES)).toBe(false);
    expect(mayEnter(folder(0, 104, 0o750), POSTGRES)).toBe(true);
    expect(mayEnter(folder(0, 104, 0o705), POSTGRES)).toBe(false);
    expect(mayEnter(folder(0, 0, 0o711), POSTGRES)).toBe(true);
    expect(mayEnter(folder(0, 0, 0o700), POSTGRES)).toBe(false);
    // Execute without read: it may pass through without listing, which is all PostgreSQL needs.
    expect(mayEnter(folder(0, 0, 0o701), POSTGRES)).toBe(true);
  });

  it('counts only everyone’s bits before the user exists (it gets a group of its own)', () => {
    expect(mayEnter(folder(101, 104, 0o770), undefined)).toBe(false);
    expect(mayEnter(folder(0, 0, 0o755), undefined)).toBe(true);
  });

  it('walks from the root down to the folder', () => {
    expect(foldersOnTheWay('/var/lib/portal')).toEqual(['/', '/var', '/var/lib', '/var/lib/portal']);
    expect(foldersOnTheWay('/')).toEqual(['/']);
  });
});

describe.runIf(process.getuid?.() === 0)(
  'run as root, a DATA_DIR inside a folder only root may enter',
  () => {
    it('stops before creating anything, naming the folder and the change to make', async () => {
      // mkdtemp makes the folder with mode 700, as `mktemp -d` does.
      const closed = await mkdtemp(path.join(tmpdir(), 'portal-closed-'));
      try {
        const pgDir = path.join(closed, 'data', 'pg');
        const start = startEmbeddedPostgres(pgDir, silent);
        await expect(start).rejects.toThrow(`may not enter ${closed} (mode 700)`);
        await expect(start).rejects.toThrow(`'chmod o+x ${closed}'`);
        expect(existsSync(path.join(closed, 'data'))).toBe(false);
      } finally {
        await rm(closed, { recursive: true, force: true });
      }
    });
  },
);
