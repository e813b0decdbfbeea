import fs from 'node:fs'
import path from 'node:path'
import { RuleTester } from 'eslint'
import { describe, expect, it } from 'vitest'
import { LIB_LAYERS, libLayers } from './lib-layers.mjs'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } })
const lib = (file: string) => path.join(process.cwd(), 'lib', file)

tester.run('lib-layers', libLayers, {
  valid: [
    // Down the layers, by relative path or alias, also dynamic and re-exports.
    {
      filename: lib('http/api-route.ts'),
      code: "import { verifyAccessToken } from '../auth/verify-access-token'",
    },
    {
      filename: lib('datasets/models.ts'),
      code: "import { searchSchema } from '@/lib/establishments/search-criteria'",
    },
    { filename: lib('sirene/testing/x.ts'), code: "export { query } from '../../db/pool'" },
    { filename: lib('seed/seed-database.ts'), code: "const m = import('../text/normalise')" },
    // Within a folder, top-level files, outside lib/, packages.
    { filename: lib('auth/clients.ts'), code: "import { hash } from './client-secret'" },
    { filename: lib('http/bff-route.ts'), code: "import { env } from '../env'" },
    { filename: lib('version.ts'), code: "import pkg from '../package.json'" },
    { filename: lib('db/pool.ts'), code: "import pg from 'pg'" },
    // Tests may import anything; files outside lib/ are not concerned.
    { filename: lib('auth/clients.db.test.ts'), code: "import { engine } from '../testing/engine'" },
    { filename: path.join(process.cwd(), 'app/page.tsx'), code: "import { x } from '@/lib/testing/engine'" },
  ],
  invalid: [
    {
      filename: lib('auth/authenticate.ts'),
      code: "import { unauthorized } from '../http/api-error'",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: lib('auth/verify.ts'),
      code: "import { apiResourceFor } from '@/lib/oauth/constants'",
      errors: [{ messageId: 'upward' }],
    },
    {
      // Same layer: neither may import the other.
      filename: lib('oauth/x.ts'),
      code: "export * from '../files/signing'",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: lib('establishments/testing/oracle.ts'),
      code: "const seed = import('../../seed/generate-establishments')",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: lib('unplaced-folder/parcels.ts'),
      code: "import { query } from '../db/pool'",
      errors: [{ messageId: 'unplaced' }],
    },
    {
      filename: lib('db/pool.ts'),
      code: "import { something } from '../nowhere/x'",
      errors: [{ messageId: 'unplaced' }],
    },
  ],
})

describe('the layers', () => {
  it('place every folder of lib/ once', () => {
    const placed = LIB_LAYERS.flat()
    expect(new Set(placed).size).toBe(placed.length)
    const folders = fs
      .readdirSync(path.resolve('lib'), { withFileTypes: true })
      .map((entry) => (entry.isDirectory() ? entry.name : entry.name.replace(/(\.test)?\.[^.]+$/, '')))
    expect([...new Set(folders)].sort()).toEqual([...placed].sort())
  })

  it('are the ones README.md shows', () => {
    const readme = fs.readFileSync(path.resolve('README.md'), 'utf8')
    const table = LIB_LAYERS.map(
      (folders, i) => `| ${i + 1} | ${folders.map((folder) => `\`${folder}\``).join(', ')} |`,
    )
    for (const row of table) expect(readme).toContain(row)
  })
})
