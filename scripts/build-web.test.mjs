import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDecision, inputFiles, inputsHash } from './build-web.mjs';

const SETTING = { year: 2026, nodeEnv: null, node: 'v20.20.2' };
const file = (filePath, text) => ({ path: filePath, content: Buffer.from(text) });

describe('the web build on npm start', () => {
  it('is skipped only when web/dist holds a build made from the same inputs', () => {
    expect(buildDecision({ built: true, recorded: 'abc', current: 'abc' })).toMatchObject({ build: false });
    expect(buildDecision({ built: true, recorded: 'abc', current: 'abd' })).toEqual({
      build: true,
      reason: 'its inputs changed since web/dist was built',
    });
    expect(buildDecision({ built: true, recorded: undefined, current: 'abc' })).toEqual({
      build: true,
      reason: 'web/dist does not say what it was built from',
    });
    expect(buildDecision({ built: false, recorded: 'abc', current: 'abc' })).toEqual({
      build: true,
      reason: 'web/dist holds no build',
    });
  });

  it('says in one line why it was skipped', () => {
    const { reason } = buildDecision({ built: true, recorded: 'abc', current: 'abc' });
    expect(reason).toMatch(
      /^Web app build skipped: nothing it is built from changed since web\/dist was built \(/,
    );
    expect(reason).not.toContain('\n');
  });
});

describe("the web build's inputs hash", () => {
  const inputs = [file('web/src/a.tsx', 'a'), file('common/src/b.ts', 'b'), file('package-lock.json', '{}')];
  const hash = inputsHash(inputs, SETTING);

  it('does not depend on the order the files were listed in', () => {
    expect(inputsHash([...inputs].reverse(), SETTING)).toBe(hash);
  });

  it('changes with a file, its path, a file more, and the year, NODE_ENV or Node version', () => {
    const variants = [
      inputsHash([file('web/src/a.tsx', 'A'), ...inputs.slice(1)], SETTING),
      inputsHash([file('web/src/c.tsx', 'a'), ...inputs.slice(1)], SETTING),
      inputsHash([...inputs, file('web/public/x.svg', '')], SETTING),
      inputsHash(inputs, { ...SETTING, year: 2027 }),
      inputsHash(inputs, { ...SETTING, nodeEnv: 'development' }),
      inputsHash(inputs, { ...SETTING, node: 'v22.0.0' }),
    ];
    expect(new Set([hash, ...variants]).size).toBe(variants.length + 1);
  });

  it('tells where one file ends and the next begins', () => {
    expect(inputsHash([file('web/a', 'ab'), file('web/b', '')], SETTING)).not.toBe(
      inputsHash([file('web/a', 'a'), file('web/b', 'b')], SETTING),
    );
  });
});

describe("the web build's input files", () => {
  let root;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('are the web workspace, common/src, scripts and the lockfile, without the build output and caches', () => {
    root = mkdtempSync(path.join(tmpdir(), 'web-inputs-'));
    for (const name of [
      'web/index.html',
      'web/vite.config.ts',
      'web/.env',
      'web/src/app/main.tsx',
      'web/public/favicon.svg',
      'web/dist/index.html',
      'web/dist/.build-inputs-hash',
      'web/node_modules/.cache/font-subsets/a.woff2',
      'common/src/index.ts',
      'common/dist/index.js',
      'scripts/prerender-web.mjs',
      'api/src/main.ts',
      'tsconfig.base.json',
      'package-lock.json',
      'package.json',
    ]) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), name);
    }
    expect(inputFiles(root)).toEqual([
      'common/src/index.ts',
      'package-lock.json',
      'scripts/prerender-web.mjs',
      'tsconfig.base.json',
      'web/.env',
      'web/index.html',
      'web/public/favicon.svg',
      'web/src/app/main.tsx',
      'web/vite.config.ts',
    ]);
  });
});
