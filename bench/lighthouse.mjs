// Lighthouse, mobile profile (its default: a mid-range phone, simulated slow 4G and a 4× slower CPU), in
// Debian's Chromium, on three screens of the built portal: the login screen, studentDataView and
// studentDataEnter. Targets (issue 10): performance ≥ 95, accessibility 100, best practices ≥ 95.
//
// What it does (loopback only, bounded: the whole run at most 10 minutes):
//   1. Starts the built portal (api/dist/main.js) on a free loopback port with a fresh data folder, its own
//      embedded PostgreSQL and DEMO_DATA=1, and reads a demo student's national ID from its log.
//   2. Logs that student in as the web app does (POST /api/v1/students/getStudent; the answer's session cookie,
//      plus the `nationalID` and `id` cookies the web app keeps).
//   3. Per screen, in a fresh Chromium (cold cache; the student screens with those cookies set): one Lighthouse
//      run; prints the performance, accessibility, best-practices and SEO scores, FCP, LCP, TBT, CLS and the
//      bytes transferred, then every audit below full marks, and a JSON line.
//   4. Stops the portal and removes the data folder. Exit code 1 when a target does not hold.
//
// Run:  npm run build && node bench/lighthouse.mjs
// Settings (environment): CHROME_PATH (default /usr/bin/chromium); LIGHTHOUSE_REPORT_DIR, a folder to write each
// screen's full Lighthouse result into (<screen>.json), to read what the main thread did.
// Scores depend on the machine: simulated throttling scales what this CPU did, so a machine busy with other
// work scores lower on performance; run it on a quiet machine.

import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
// Lighthouse's own dependency (its user flows drive Chromium with it): here it sets the student's cookies.
import puppeteer from 'puppeteer-core';
import { freePort, repoRoot, requireBuild, stopChild, waitUntilReady } from './portal-process.mjs';

const DEADLINE_MS = 10 * 60 * 1000;
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['bytes', 'total-byte-weight'],
];

requireBuild();
const deadline = setTimeout(() => {
  process.stderr.write('bench: stopped: the run took longer than 10 minutes\n');
  process.exit(2);
}, DEADLINE_MS);
deadline.unref();

/** Starts the portal with demo data; answers its URL, a demo national ID and a stop function. */
async function startDemoPortal(dataDir) {
  // Run as root, the embedded PostgreSQL runs as the user postgres, which must be able to reach DATA_DIR/pg.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk).slice(-50_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, `${url}/api/v1/health/ready`, () => output);
  const nationalId = /national IDs\) (\d{14})/.exec(output)?.[1];
  if (nationalId === undefined) {
    await stopChild(child);
    throw new Error(`no demo national ID in the portal's log:\n${output}`);
  }
  return { url, nationalId, stop: () => stopChild(child) };
}

/** The cookies a browser holds after the web app's login: the server's session cookie and the app's own two. */
async function studentCookies(url, nationalId) {
  const response = await fetch(`${url}/api/v1/students/getStudent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nationalID: nationalId }),
  });
  if (!response.ok) throw new Error(`the demo student's lookup answered ${response.status}`);
  const { _id: id } = await response.json();
  const { hostname } = new URL(url);
  const fromServer = response.headers.getSetCookie().map((header) => {
    const [pair] = header.split(';');
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at).trim(),
      value: pair.slice(at + 1).trim(),
      httpOnly: /;\s*httponly/i.test(header),
    };
  });
  return [...fromServer, { name: 'nationalID', value: nationalId }, { name: 'id', value: id }].map(
    (cookie) => ({
      domain: hostname,
      path: '/',
      httpOnly: false,
      ...cookie,
    }),
  );
}

/** One Lighthouse run of `url` in a fresh Chromium holding `cookies`. */
async function audit(url, cookies) {
  const browser = await puppeteer.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    if (cookies.length > 0) await browser.setCookie(...cookies);
    const page = await browser.newPage();
    // Lighthouse would otherwise clear the origin's storage, cookies included, before loading the page.
    const flags = { onlyCategories: CATEGORIES, disableStorageReset: cookies.length > 0, logLevel: 'error' };
    const result = await lighthouse(url, flags, undefined, page);
    if (result === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    await browser.close();
  }
}

function summary(name, lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    METRICS.map(([label, id]) => [label, lhr.audits[id]?.numericValue ?? Number.NaN]),
  );
  const belowFull = Object.values(lhr.audits)
    .filter((entry) => entry.score !== null && entry.score < 1 && entry.scoreDisplayMode !== 'informative')
    .map((entry) => `${entry.id} (${entry.score})`);
  return {
    name,
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    metrics,
    belowFull,
    warnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function print(result) {
  const { scores, metrics } = result;
  console.log(
    `${result.name.padEnd(18)} performance ${scores.performance}, accessibility ${scores.accessibility}, ` +
      `best practices ${scores['best-practices']}, SEO ${scores.seo} | FCP ${(metrics.FCP / 1000).toFixed(2)} s, ` +
      `LCP ${(metrics.LCP / 1000).toFixed(2)} s, TBT ${Math.round(metrics.TBT)} ms, CLS ${metrics.CLS.toFixed(3)}, ` +
      `${(metrics.bytes / 1000).toFixed(1)} kB transferred (${result.finalUrl}; CPU benchmark index ` +
      `${Math.round(result.benchmarkIndex)})`,
  );
  if (result.belowFull.length > 0)
    console.log(`${''.padEnd(18)} below full marks: ${result.belowFull.join(', ')}`);
  for (const warning of result.warnings) console.log(`${''.padEnd(18)} warning: ${warning}`);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-lighthouse-'));
let portal;
const results = [];
try {
  portal = await startDemoPortal(dataDir);
  const cookies = await studentCookies(portal.url, portal.nationalId);
  const screens = [
    ['login', '/stAdmission/', []],
    ['studentDataView', '/stAdmission/dashboard/studentDataView', cookies],
    ['studentDataEnter', '/stAdmission/dashboard/studentDataEnter', cookies],
  ];
  console.log(`Lighthouse (mobile profile) on ${portal.url}, Chromium ${CHROME_PATH}`);
  for (const [name, route, screenCookies] of screens) {
    const lhr = await audit(`${portal.url}${route}`, screenCookies);
    // A student screen without a working session sends the visitor to the login; that would be measured instead.
    if (new URL(lhr.finalDisplayedUrl).pathname !== route)
      throw new Error(`${route} ended at ${lhr.finalDisplayedUrl}`);
    if (REPORT_DIR) {
      await mkdir(REPORT_DIR, { recursive: true });
      await writeFile(path.join(REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
    }
    const result = summary(name, lhr);
    print(result);
    results.push(result);
  }
} finally {
  await portal?.stop();
  await rm(dataDir, { recursive: true, force: true });
}

const misses = results.flatMap((result) =>
  Object.entries(TARGETS)
    .filter(([category, target]) => result.scores[category] < target)
    .map(([category, target]) => `${result.name} ${category} ${result.scores[category]} < ${target}`),
);
console.log(misses.length === 0 ? 'all targets hold' : `targets missed: ${misses.join('; ')}`);
console.log(
  JSON.stringify({
    bench: 'lighthouse',
    results: results.map(({ name, scores, metrics }) => ({ name, scores, metrics })),
  }),
);
process.exitCode = misses.length === 0 ? 0 : 1;
