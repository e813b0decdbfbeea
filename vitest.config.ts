import path from 'node:path'
import { defineConfig } from 'vitest/config'

const alias = { '@': path.resolve(import.meta.dirname) }

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['lib/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.db.test.ts'],
          testTimeout: 30_000,
          // Starting an in-memory PGlite takes seconds on a loaded machine.
          hookTimeout: 60_000,
        },
      },
      ...(['postgres', 'embedded'] as const).map((engine) => ({
        resolve: { alias },
        test: {
          name: `db-${engine}`,
          environment: 'node',
          include: ['lib/**/*.db.test.ts', 'scripts/**/*.db.test.ts'],
          env: { TEST_ENGINE: engine },
          globalSetup: ['lib/testing/db-global-setup.ts'],
          setupFiles: ['lib/testing/db-setup-file.ts'],
          // Test files share one database: run them one after the other.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      })),
    ],
  },
})
