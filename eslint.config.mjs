// One lint configuration: Next's rules (React, hooks, accessibility, Core Web Vitals), typescript-eslint
// with type information, the layer boundaries of DESIGN §2 as import restrictions, and the layers of
// lib/ (scripts/lint/lib-layers.mjs: no cycle between lib/ folders).
import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'
import tseslint from 'typescript-eslint'
import layers from './scripts/lint/lib-layers.mjs'

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'node_modules/**',
    'data/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'bench/out/**',
    'bench/floor/.next/**',
    '.scratch/**',
  ]),
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // lib/ folders form layers: each imports only from lower ones, so there is no cycle between them.
    files: ['lib/**/*.{ts,tsx,mts,mjs}'],
    plugins: { layers },
    rules: { 'layers/lib-layers': 'error' },
  },
  {
    // lib/ is framework-free: it never imports app/, components/ or Next.js.
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/*', '@/components/*', '../app/*', '../components/*'],
              message: 'lib/ must not depend on app/ or components/.',
            },
            {
              group: ['next', 'next/*'],
              message: 'lib/ is framework-free: keep Next.js in app/ and server.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser reaches data through the BFF only: components never import server modules.
    files: ['components/**', 'app/**/*.tsx'],
    ignores: ['app/**/page.tsx', 'app/**/layout.tsx', 'app/**/route.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/lib/db/*',
                '@/lib/auth/*',
                '@/lib/files/*',
                '@/lib/datasets/*',
                '@/lib/bootstrap/*',
                '@/lib/seed/*',
              ],
              allowTypeImports: true,
              message: 'Client code uses lib/queries and types only; data goes through the BFF routes.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every response an API spec receives is checked against /openapi.json: specs take `test` and
    // `expect` from the contract-checking fixture, not from Playwright directly.
    files: ['e2e/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message:
                'Import test and expect from ../support/contract-test (responses checked against /openapi.json).',
            },
          ],
        },
      ],
    },
  },
])
