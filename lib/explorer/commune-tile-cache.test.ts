import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { problemResponse } from '../http/render-problem'
import { requestLimits, setProcessLimits } from '../http/request-limits'
import { MemoryStore } from '../rate-limit/store'
import { ByteLru, CommuneTileCache } from './commune-tile-cache'
import { communeTileResponse } from './commune-tile-route'

let root: string
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-tiles-'))
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/** A tile builder counting its calls (the database query and encoding it stands for are costly). */
function builder(delayMs = 0) {
  const calls: string[] = []
  return {
    calls,
    build: async (z: number, x: number, y: number) => {
      calls.push(`${z}/${x}/${y}`)
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
      return new Uint8Array(Buffer.from(`tile ${z}/${x}/${y}`))
    },
  }
}

describe('a byte-bounded LRU', () => {
  it('drops the least recently used entries past its size', () => {
    const lru = new ByteLru(10)
    lru.set('a', new Uint8Array(4))
    lru.set('b', new Uint8Array(4))
    expect(lru.get('a')).toBeDefined()
    lru.set('c', new Uint8Array(4))
    expect(lru.get('b')).toBeUndefined()
    expect(lru.get('a')).toBeDefined()
    expect(lru.get('c')).toBeDefined()
    expect(lru.bytes).toBe(8)
    lru.set('huge', new Uint8Array(11))
    expect(lru.get('huge')).toBeUndefined()
    expect(lru.bytes).toBe(8)
  })
})

describe('the commune tile cache', () => {
  it('builds a tile once, however many ask for it at once, then serves it from memory', async () => {
    const dir = path.join(root, 'once')
    const { calls, build } = builder(20)
    const cache = new CommuneTileCache({ dir, version: async () => 'ref-1', build })
    const tiles = await Promise.all(Array.from({ length: 16 }, () => cache.tile(8, 127, 88)))
    expect(calls).toEqual(['8/127/88'])
    expect(new Set(tiles).size).toBe(1)
    await cache.tile(8, 127, 88)
    expect(cache.built).toBe(1)
  })

  it('keeps tiles as files another instance or a restart reads instead of building them', async () => {
    const dir = path.join(root, 'files')
    const first = builder()
    await new CommuneTileCache({ dir, version: async () => 'ref-1', build: first.build }).tile(9, 255, 176)
    const second = builder()
    const restarted = new CommuneTileCache({ dir, version: async () => 'ref-1', build: second.build })
    expect(Buffer.from(await restarted.tile(9, 255, 176)).toString()).toBe('tile 9/255/176')
    expect(second.calls).toEqual([])
    // No temporary file is left beside the tiles.
    const files = fs.readdirSync(dir, { recursive: true }).map(String)
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([])
    expect(files.filter((f) => f.endsWith('.mvt'))).toHaveLength(1)
    // New reference data: the tiles of the old one are not used.
    const third = builder()
    await new CommuneTileCache({ dir, version: async () => 'ref-2', build: third.build }).tile(9, 255, 176)
    expect(third.calls).toEqual(['9/255/176'])
  })

  it('serves a tile when its file cannot be written, and retries a version lookup that failed', async () => {
    const blocked = path.join(root, 'blocked')
    fs.writeFileSync(blocked, 'not a directory')
    const errors: unknown[] = []
    let fail = true
    const cache = new CommuneTileCache({
      dir: blocked,
      version: async () => {
        if (fail) throw new Error('database unreachable')
        return 'ref-1'
      },
      build: builder().build,
      onWriteError: (error) => errors.push(error),
    })
    await expect(cache.tile(8, 1, 1)).rejects.toThrow('database unreachable')
    fail = false
    expect(Buffer.from(await cache.tile(8, 1, 1)).toString()).toBe('tile 8/1/1')
    expect(errors).toHaveLength(1)
  })
})

describe('GET /carte/communes/:z/:x/:y', () => {
  afterEach(() => setProcessLimits(undefined))

  const call = async (cache: CommuneTileCache, ip: string, params = { z: '8', x: '127', y: '88' }) => {
    try {
      return await communeTileResponse(params, { cache, clientIp: ip })
    } catch (error) {
      return problemResponse(error, '/carte/communes/8/127/88')
    }
  }

  it('answers 429 with Retry-After past RATE_LIMIT_TILES_PER_IP a minute, per address', async () => {
    let now = 1_000_000
    setProcessLimits(
      requestLimits(
        new MemoryStore(() => now),
        {
          RATE_LIMIT_TILES_PER_IP: 3,
          RATE_LIMIT_OFFERS_PER_CLIENT: 1,
          QUOTA_PER_MINUTE: 100,
          QUOTA_PER_DAY: 1000,
        },
        () => now,
      ),
    )
    const cache = new CommuneTileCache({ dir: null, version: async () => 'ref-1', build: builder().build })
    for (let i = 0; i < 3; i++) {
      const ok = await call(cache, '203.0.113.7')
      expect(ok.status).toBe(200)
      expect(ok.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile')
    }
    const refused = await call(cache, '203.0.113.7')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(await refused.json()).toMatchObject({ type: '/problems/too-many-requests', status: 429 })
    // Invalid tiles count too; another address is not limited.
    expect((await call(cache, '203.0.113.7', { z: '3', x: '0', y: '0' })).status).toBe(429)
    expect((await call(cache, '198.51.100.2')).status).toBe(200)
    expect((await call(cache, '198.51.100.2', { z: '3', x: '0', y: '0' })).status).toBe(400)
    now += 45_000
    expect((await call(cache, '203.0.113.7')).headers.get('retry-after')).toBe('15')
    now += 15_000
    expect((await call(cache, '203.0.113.7')).status).toBe(200)
  })
})
