import { defineConfig } from '@playwright/test';
import { LOG_FILE, TOKENS_FILE } from './log-check';

// The product as `npm start` serves it (api/dist/server.mjs with the built shell and remotes),
// on its own port with a fresh embedded database seeded with the demo data.
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/oyster-e2e-${port}`;
// The server's stdout and stderr go to this file (stderr also to the terminal); after the run
// log-check.ts scans it for passwords, the run's session tokens and passports.
const logFile = LOG_FILE(port);
const tokensFile = TOKENS_FILE(port);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  globalTeardown: './log-check.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 900 },
    locale: 'ru-RU',
    // As a user whose system asks for less motion (OysterProvider then turns antd's zooms and fades off): a
    // click on a dialog still zooming in or fading out went astray on a loaded machine (agents, reconciliation).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} ${dataDir}-files && : > ${logFile} && : > ${tokensFile} && node ../api/dist/server.mjs 2>&1 >>${logFile} | tee -a ${logFile} >&2`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      // The demo insurers' payment page and signed callbacks (api/src/sales/payments).
      DEMO_MODE: '1',
      // Every test signs in again; the per-minute login limit is tested in the api suite.
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_RATE_LIMIT_ADDRESS: '1000',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Oyster.app's backend in the clients' chat test (chats.spec.ts) calls with this token.
      OYSTER_APP_TOKEN: 'e2e-oyster-app-token',
    },
  },
});
