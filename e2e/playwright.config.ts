import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // A test's time limit is at least five times what it takes on a quiet two-core machine: one CI run took three
  // times as long as the same tree run alone, and a limit only has to catch a hang.
  timeout: 90_000,
  // CI runs two browsers, two portals and their databases on two cores: a step that takes a second alone can take
  // several there. Ten seconds still fails a broken screen quickly.
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: process.env.PORTAL_URL,
    locale: 'ar-EG',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Chromium's background services would try to reach the internet, which this machine does not have.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      testIgnore: /(process|scale-out)\.spec\.ts/,
      use: { ...devices['Pixel 7'], browserName: 'chromium', viewport: { width: 390, height: 844 } },
    },
    {
      name: 'desktop',
      testIgnore: /(process|scale-out)\.spec\.ts/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    { name: 'process', testMatch: /(process|scale-out)\.spec\.ts/ },
  ],
});
