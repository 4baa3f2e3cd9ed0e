import { test } from '@playwright/test';

// Not assertions: pictures of each screen at phone and desktop width, for a person to look at
// (screenshots/<project>-<screen>.png).
const screens = [
  ['landing', '/stAdmission/'],
  ['admin-login', '/stAdmission/admin/login'],
  ['not-found', '/stAdmission/no-such-page'],
] as const;

for (const [name, path] of screens) {
  test(`screenshot of ${name}`, async ({ page }, info) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `screenshots/${info.project.name}-${name}.png`, fullPage: true });
  });
}
