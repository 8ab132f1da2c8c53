import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests through the browser host, in Debian's Chromium (never a downloaded browser).
 * Set E2E_HOST=electron to run the same specs against the Electron app where its binary exists.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 180_000,
  expect: { timeout: 30_000 },
  workers: 1,
  reporter: [['list']],
  // The specs are tests (`npm run e2e`); the UI benchmarks measure the targets
  // (`npm run bench:ui`) and never fail a test run on a slow machine.
  projects: [
    { name: 'e2e', testMatch: /\.spec\.ts$/ },
    { name: 'bench', testMatch: /\.bench\.ts$/ },
  ],
  use: {
    // A control that never becomes clickable fails the step, not the whole spec's three minutes.
    actionTimeout: 20_000,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
})
