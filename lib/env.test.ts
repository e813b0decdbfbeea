import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env'

describe('parseEnv', () => {
  it('runs the embedded engine with defaults', () => {
    const e = parseEnv({})
    expect(e.DATABASE_URL).toBeUndefined()
    expect(e.dataDir).toBe(path.resolve('./data'))
    expect(e.PORT).toBe(3000)
    expect(e.publicUrl).toBe('http://localhost:3000')
    expect(e.SEED_ESTABLISHMENTS).toBe(50_000)
  })
  it('treats an empty DATABASE_URL as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })
  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrowError(EnvError)
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x' })
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/)
      expect((error as Error).message).toMatch(/DATABASE_URL/)
    }
  })
  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(parseEnv({ PUBLIC_URL: 'https://api.example.org/' }).publicUrl).toBe('https://api.example.org')
  })
})
