// How long the student login screen takes to become usable on a slow phone connection: Chromium DevTools' "Slow 3G"
// preset as DevTools applies it (2,000 ms round trip = 400 ms × 5; 400 kbit/s = 50,000 bytes/s down and up) and a
// 4× slower CPU, the same conditions as e2e/tests/slow-network.spec.ts. Target (issue 10): usable within 4 s.
//
// What it does (loopback only, bounded: the whole run at most 10 minutes):
//   1. Starts the built portal (api/dist/main.js) on a free loopback port with a fresh data folder and its own
//      embedded PostgreSQL (DEMO_DATA=0).
//   2. BENCH_LOADS times (default 5), each in a fresh browser context (cold cache, no cookies) of Debian's
//      Chromium at 390×844: throttles, opens /stAdmission/ and waits until the national ID field is there and
//      enabled and the submit button enabled. The page carries the login form prerendered, working as a plain
//      form post before any script (scripts/prerender-web.mjs; e2e/tests/prerendered-pages.spec.ts proves it
//      logs in), so that is when a student can use it. Then it waits until the web app has taken the form over
//      (React hydrated it: its own properties are on the form). Times are the page's own clock (performance.now(), from
//      the navigation's start).
//   3. Prints each load, the median, min and max, the bytes the page fetched, whether the target holds, and a
//      JSON line; exit code 1 when it does not.
//   4. Stops the portal and removes the data folder.
//
// Run:  npm run build && node bench/slow-network.mjs
// Settings (environment): BENCH_LOADS (1…15), CHROME_PATH (default /usr/bin/chromium).
// The CPU slowdown multiplies this machine's speed: on a machine busy with other work the figure is higher.

import { browserRun } from './browser-run.mjs';
import { intSetting } from './settings.mjs';

const TARGET_MS = 4000;
const LOADS = intSetting('BENCH_LOADS', 5, 1, 15);
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const CPU_SLOWDOWN = 4;

/** One cold load: milliseconds from the navigation's start until the login form answers input, and bytes fetched. */
async function coldLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ar-EG' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
    });
    await page.goto(`${url}/stAdmission/`, { waitUntil: 'commit', timeout: 60_000 });
    const usable = await page.waitForFunction(
      () => {
        const field = document.querySelector('input[name="nationalID"]');
        const submit = document.querySelector('form button[type="submit"]');
        if (!field || field.disabled || !submit || submit.disabled) return false;
        return performance.now();
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const ms = Math.round(await usable.jsonValue());
    // The web app hydrates the prerendered form, keeping its elements: React's own properties on the form say
    // it has taken it over.
    const takeover = await page.waitForFunction(
      () => {
        const form = document.querySelector('#root form');
        return form && Object.keys(form).some((key) => key.startsWith('__react')) ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    return { ms, takeoverMs: Math.round(await takeover.jsonValue()), bytes };
  } finally {
    await context.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

await browserRun('slow-network', {}, async ({ portal, browser }) => {
  const loads = [];
  for (let i = 1; i <= LOADS; i++) {
    const load = await coldLoad(browser, portal.url);
    loads.push(load);
    console.log(
      `load ${i}: usable after ${load.ms} ms, web app took over after ${load.takeoverMs} ms, ` +
        `${Math.round(load.bytes / 1024)} kB fetched`,
    );
  }
  const times = loads.map((load) => load.ms);
  const result = {
    loads: LOADS,
    medianMs: median(times),
    minMs: Math.min(...times),
    maxMs: Math.max(...times),
    takeoverMedianMs: median(loads.map((load) => load.takeoverMs)),
    kB: Math.round(median(loads.map((load) => load.bytes)) / 1024),
    targetMs: TARGET_MS,
    conditions: { ...SLOW_3G, cpuSlowdown: CPU_SLOWDOWN },
  };
  const holds = result.medianMs <= TARGET_MS;
  console.log(
    `login screen usable on slow 3G, median of ${LOADS} cold loads: ${result.medianMs} ms ` +
      `(min ${result.minMs}, max ${result.maxMs}); target ≤ ${TARGET_MS} ms: ${holds ? 'holds' : 'MISSED'}; ` +
      `the web app took over after ${result.takeoverMedianMs} ms`,
  );
  console.log(JSON.stringify(result));
  process.exitCode = holds ? 0 : 1;
});
