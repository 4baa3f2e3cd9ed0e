// A browser benchmark's frame: the built portal on a fresh data folder with its own embedded PostgreSQL, Debian's
// Chromium, and both gone again afterwards, the whole run stopped after 10 minutes.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { requireBuild, startPortal } from './portal-process.mjs';
import { stop } from './settings.mjs';

const DEADLINE_MS = 10 * 60 * 1000;

/** Runs `measure({ portal, browser, dataDir })` with the portal started with `env`; always cleans up. */
export async function browserRun(name, env, measure) {
  const deadline = setTimeout(() => stop('the run took longer than 10 minutes'), DEADLINE_MS);
  deadline.unref();
  requireBuild();
  const dataDir = await mkdtemp(path.join(tmpdir(), `bench-${name}-`));
  const portal = await startPortal({ dataDir, env });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    await measure({ portal, browser, dataDir });
  } finally {
    await browser.close();
    await portal.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
