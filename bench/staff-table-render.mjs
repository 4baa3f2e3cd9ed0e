// How long a staff member waits for a page of 500 students (spec section 9: the page size) to show, in the
// browser: the server answers in tens of milliseconds, so what is measured is the page drawing the rows.
//
// What it does (loopback only, bounded: the whole run at most 10 minutes):
//   1. Starts the built portal (api/dist/main.js) with the demo data on a fresh data folder and its own embedded
//      PostgreSQL, and adds 520 students to the faculty of commerce, every one named with 'محمد'.
//   2. BENCH_RUNS times (default 3) at each CPU slowdown (1× and 4×: a slow office computer), in Debian's
//      Chromium at 1280×800: the demo faculty ADMIN signs in, then searches the name 'محمد' (500 shown of 522).
//      For the faculty's first page and for the search it times, from the click, the table's caption (the first
//      rows are on the screen) and the 500th row (the whole page is in the document).
//   3. Prints each run, the medians and a JSON line.
//   4. Stops the portal and removes the data folder.
//
// Run:  npm run build && node bench/staff-table-render.mjs
// Settings (environment): BENCH_RUNS (1…10), CHROME_PATH (default /usr/bin/chromium).

import pg from 'pg';
import { browserRun } from './browser-run.mjs';
import { embeddedDatabaseUrl } from './portal-process.mjs';
import { intSetting } from './settings.mjs';

const RUNS = intSetting('BENCH_RUNS', 3, 1, 10);
const SLOWDOWNS = [1, 4];
const COMMERCE = 'كلية التجارة';
const ADMIN = { userName: 'commerce', password: 'Demo1234' };

async function addStudents(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO students (national_id, name, seat_no, phone_number, college_id, enrollment_status, is_complete,
         completed_at)
       SELECT '3' || lpad(n::text, 13, '0'), 'طالب تجريبي ' || lpad(n::text, 4, '0') || ' محمد أحمد علي',
         lpad(n::text, 6, '0'), '0122' || lpad(n::text, 7, '0'), c.id, 'regular', n % 10 = 0,
         CASE WHEN n % 10 = 0 THEN now() END
       FROM generate_series(1, 520) AS n, colleges c WHERE c.name = $1`,
      [COMMERCE],
    );
  } finally {
    await db.end();
  }
}

/** Milliseconds from now until the caption has `text`, and until the table has 500 student rows. */
async function timeTable(page, text, start) {
  await page.waitForFunction(
    (wanted) => document.querySelector('table caption')?.textContent?.includes(wanted),
    text,
    {
      polling: 'raf',
      timeout: 120_000,
    },
  );
  const caption = Date.now() - start;
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length >= 500, undefined, {
    polling: 'raf',
    timeout: 120_000,
  });
  return { caption, all: Date.now() - start };
}

async function run(browser, url, slowdown) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ar-EG' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(`${url}/stAdmission/admin/login`);
    await page.getByLabel('اسم المستخدم').fill(ADMIN.userName);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(ADMIN.password);
    let start = Date.now();
    await page.getByRole('button', { name: 'دخول' }).click();
    const list = await timeTable(page, COMMERCE, start);
    const search = page.getByRole('search', { name: 'البحث عن طالب' });
    await search.getByLabel('نوع البحث').selectOption({ label: 'الاسم' });
    await search.getByLabel('نص البحث').fill('محمد');
    start = Date.now();
    await search.getByRole('button', { name: 'بحث', exact: true }).click();
    const found = await timeTable(page, 'نتائج البحث', start);
    return { list, found };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

await browserRun('staff-table', { DEMO_DATA: '1' }, async ({ portal, browser, dataDir }) => {
  await addStudents(await embeddedDatabaseUrl(dataDir));
  const result = {};
  for (const slowdown of SLOWDOWNS) {
    const runs = [];
    for (let i = 1; i <= RUNS; i++) {
      const times = await run(browser, portal.url, slowdown);
      runs.push(times);
      console.log(`${slowdown}× CPU, run ${i}: ${JSON.stringify(times)}`);
    }
    const of = (pick) => median(runs.map(pick));
    result[`cpu${slowdown}x`] = {
      listCaptionMs: of((r) => r.list.caption),
      listAllMs: of((r) => r.list.all),
      searchCaptionMs: of((r) => r.found.caption),
      searchAllMs: of((r) => r.found.all),
    };
    const m = result[`cpu${slowdown}x`];
    console.log(
      `${slowdown}× CPU, medians of ${RUNS}: sign-in to the first rows ${m.listCaptionMs} ms (all 500: ` +
        `${m.listAllMs} ms); search to the first rows ${m.searchCaptionMs} ms (all 500: ${m.searchAllMs} ms)`,
    );
  }
  console.log(JSON.stringify(result));
});
