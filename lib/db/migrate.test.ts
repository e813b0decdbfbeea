import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readMigrations } from './migrate'

describe('readMigrations', () => {
  it('reads the project migrations in order', () => {
    const migrations = readMigrations()
    expect(migrations[0]).toMatchObject({ version: '0001', name: 'init' })
    const versions = migrations.map((m) => m.version)
    expect([...versions].sort()).toEqual(versions)
  })
  it('rejects badly named and duplicated files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig-'))
    fs.writeFileSync(path.join(dir, 'init.sql'), 'select 1')
    expect(() => readMigrations(dir)).toThrow(/0001_name/)
    fs.rmSync(path.join(dir, 'init.sql'))
    fs.writeFileSync(path.join(dir, '0001_a.sql'), 'select 1')
    fs.writeFileSync(path.join(dir, '0001_b.sql'), 'select 1')
    expect(() => readMigrations(dir)).toThrow(/share version/)
  })
})
