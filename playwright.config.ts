import { defineConfig } from '@playwright/test'
import { baseUrl, SERVERS, type Engine } from './e2e/support/servers'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const server = (engine: Engine) => ({
  command: `node node_modules/tsx/dist/cli.mjs e2e/support/serve.ts ${engine}`,
  url: `${baseUrl(engine)}/openapi.json`,
  timeout: 300_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
})

const browser = {
  baseURL: baseUrl('embedded'),
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 900 },
  locale: 'fr-FR',
  launchOptions: {
    executablePath: CHROMIUM,
    // Headless on a closed network: no background services, GPU through SwiftShader.
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--enable-unsafe-swiftshader',
    ],
  },
}

export default defineConfig({
  testDir: 'e2e',
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: (Object.keys(SERVERS) as Engine[]).map(server),
  projects: [
    { name: 'api-embedded', testDir: 'e2e/api', use: { baseURL: baseUrl('embedded') } },
    { name: 'api-postgres', testDir: 'e2e/api', use: { baseURL: baseUrl('postgres') } },
    // Signs the e2e administrator and staff user in once and stores their sessions (e2e/.auth/).
    { name: 'staff-setup', testDir: 'e2e/setup', testMatch: /.*\.setup\.ts$/, use: browser },
    { name: 'browser', testDir: 'e2e/journeys', dependencies: ['staff-setup'], use: browser },
    // Commands that replace the served data run once the specs that read it are done.
    ...(Object.keys(SERVERS) as Engine[]).map((engine) => ({
      name: `import-${engine}`,
      testDir: 'e2e/import',
      use: { baseURL: baseUrl(engine) },
      // A test starts the command line several times (a process each, which loads the reference
      // territory): on a machine shared with other suites that alone took most of a minute.
      timeout: 180_000,
      dependencies: ['api-embedded', 'api-postgres', 'browser'],
    })),
  ],
})
