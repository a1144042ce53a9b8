import { defineConfig } from '@playwright/test';

// Debian's Chromium only: Playwright never downloads a browser here.
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  // Waits for what a page shows, not budgets: a loaded machine (two cores shared with other work)
  // may take seconds to open a campaign, and no assertion here is about speed.
  expect: { timeout: 15_000 },
  workers: 2,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 768 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
  },
});
