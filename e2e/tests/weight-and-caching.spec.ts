import { expect, test } from '@playwright/test';

// Issue 10's weight budget for a first visit to the login screen, as Chromium really receives it: compressed
// response bodies (headers are left out: over HTTP/2 behind the proxy they are compressed and mostly repeated).
const KB = 1000;
const JS_BUDGET = 150 * KB;
const TOTAL_BUDGET = 300 * KB;

interface Transfer {
  url: string;
  type: string;
  headerBytes: number;
  totalBytes: number;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
}

test('a first visit to the login screen stays within its weight budget, compressed and cached right', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const started = new Map<string, Omit<Transfer, 'totalBytes'>>();
  const finished: Transfer[] = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    started.set(requestId, { url: response.url, type, headerBytes: response.encodedDataLength, headers });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = started.get(requestId);
    if (response) finished.push({ ...response, totalBytes: encodedDataLength });
  });

  const index = await page.goto('/stAdmission/');
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const bodyBytes = (transfer: Transfer) => transfer.totalBytes - transfer.headerBytes;
  const byType = new Map<string, number>();
  for (const transfer of finished) {
    byType.set(transfer.type, (byType.get(transfer.type) ?? 0) + bodyBytes(transfer));
  }
  const total = [...byType.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(
    `first visit, compressed bodies: ${[...byType].map(([type, bytes]) => `${type} ${(bytes / KB).toFixed(1)} kB`).join(', ')}; ` +
      `total ${(total / KB).toFixed(1)} kB in ${finished.length} responses`,
  );

  expect(byType.get('Script') ?? 0).toBeGreaterThan(0);
  expect(byType.get('Script') ?? 0).toBeLessThanOrEqual(JS_BUDGET);
  expect(total).toBeLessThanOrEqual(TOTAL_BUDGET);
  expect(byType.get('Font') ?? 0).toBeGreaterThan(0);

  expect(index?.headers()['cache-control']).toBe('no-cache');
  expect(index?.headers()['content-encoding']).toBe('br');
  const scripts = finished.filter((transfer) => transfer.type === 'Script');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script.url).toMatch(/\/stAdmission\/assets\/.+-[\w-]{8}\.js$/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-encoding']).toBe('br');
  }
});
