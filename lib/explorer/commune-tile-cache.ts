// The commune tiles of the explorer's map (GET /carte/communes/:z/:x/:y) are made of reference data
// that changes only with a new version of the reference territory, yet one costs 100–280 ms of
// database and CPU at zoom 8. So each tile is built once and kept: in a bounded memory LRU, and as
// a file under DATA_DIR/tiles/communes/<version>/z/x/y.mvt, so that a restart or another instance
// sharing the data directory reads it instead of building it again (files are only a cache: an
// instance that finds none builds the tile itself). A tile asked for by many clients at once is
// built once. <version> is a digest of the loaded reference data's version and of the tile format,
// so new reference data never meets tiles of the old one.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { storedReferenceVersion } from '../data-info/data-info'
import { env } from '../env'
import { pool } from '../db/pool'
import { tempFileName } from '../files/temp-files'
import { communeTile } from '../territory/commune-tiles'

/** Changes whenever the encoding of the tiles changes (lib/territory/commune-tiles.ts). */
const TILE_FORMAT = 'communes-mvt-2'

/** Memory kept for tiles by one process (a zoom-8 tile of a dense area weighs ~100 KB). */
export const TILE_MEMORY_BYTES = 64 * 1024 * 1024

export const communeTileDir = (dataDir: string) => path.join(dataDir, 'tiles', 'communes')

/** A map of byte arrays bounded by their total size, the least recently used dropped first. */
export class ByteLru {
  private readonly entries = new Map<string, Uint8Array>()
  private total = 0

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.total
  }

  get(key: string): Uint8Array | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  set(key: string, value: Uint8Array): void {
    const previous = this.entries.get(key)
    if (previous !== undefined) {
      this.total -= previous.byteLength
      this.entries.delete(key)
    }
    if (value.byteLength > this.maxBytes) return
    this.entries.set(key, value)
    this.total += value.byteLength
    for (const [oldest, bytes] of this.entries) {
      if (this.total <= this.maxBytes) break
      this.entries.delete(oldest)
      this.total -= bytes.byteLength
    }
  }
}

export interface CommuneTileCacheOptions {
  /** Directory of the tile files; null: memory only. */
  dir: string | null
  maxBytes?: number
  /** The version of the data the tiles are made of. */
  version: () => Promise<string>
  build: (z: number, x: number, y: number) => Promise<Uint8Array>
  onWriteError?: (error: unknown) => void
}

export class CommuneTileCache {
  private readonly memory: ByteLru
  private readonly pending = new Map<string, Promise<Uint8Array>>()
  private tag: Promise<string> | undefined
  /** Tiles built by this process (the others came from memory or files). */
  built = 0

  constructor(private readonly options: CommuneTileCacheOptions) {
    this.memory = new ByteLru(options.maxBytes ?? TILE_MEMORY_BYTES)
  }

  private versionTag(): Promise<string> {
    this.tag ??= this.options.version().then(
      (version) => createHash('sha256').update(`${TILE_FORMAT}\n${version}`).digest('hex').slice(0, 16),
      (error: unknown) => {
        // Asked again on the next tile (the database may be back).
        this.tag = undefined
        throw error
      },
    )
    return this.tag
  }

  /** The encoded tile z/x/y (a valid tile address: see isCommuneTile). */
  async tile(z: number, x: number, y: number): Promise<Uint8Array> {
    const tag = await this.versionTag()
    const key = `${tag}/${z}/${x}/${y}`
    const cached = this.memory.get(key)
    if (cached) return cached
    let loading = this.pending.get(key)
    if (!loading) {
      loading = this.load(key, z, x, y).finally(() => this.pending.delete(key))
      this.pending.set(key, loading)
    }
    return loading
  }

  private async load(key: string, z: number, x: number, y: number): Promise<Uint8Array> {
    const file = this.options.dir ? path.join(this.options.dir, `${key}.mvt`) : null
    if (file) {
      // No file, or none readable: the files are only a cache, the tile is built.
      const bytes = await fs.promises.readFile(file).catch(() => null)
      if (bytes) {
        const tile = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
        this.memory.set(key, tile)
        return tile
      }
    }
    const tile = await this.options.build(z, x, y)
    this.built++
    this.memory.set(key, tile)
    // Losing the file only loses the cache: the tile is served all the same.
    if (file) await writeWhole(file, tile).catch((error: unknown) => this.options.onWriteError?.(error))
    return tile
  }
}

/** Writes `file` under a temporary name, then renames it: a reader never sees half a tile. */
async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true })
  const temp = path.join(path.dirname(file), tempFileName(path.basename(file)))
  try {
    await fs.promises.writeFile(temp, bytes, { flag: 'wx' })
    await fs.promises.rename(temp, file)
  } catch (error) {
    await fs.promises.rm(temp, { force: true })
    throw error
  }
}

const KEY = Symbol.for('tda.territory.commune-tile-cache')
type Holder = typeof globalThis & { [KEY]?: CommuneTileCache }

/** The process's cache of commune tiles, files under DATA_DIR (shared by route bundles). */
export function communeTileCache(): CommuneTileCache {
  const g = globalThis as Holder
  return (g[KEY] ??= new CommuneTileCache({
    dir: communeTileDir(env().dataDir),
    version: async () => (await storedReferenceVersion(pool())) ?? 'none',
    build: (z, x, y) => communeTile(z, x, y),
    onWriteError: (error) => console.error('[tiles] tile file not written:', (error as Error).message),
  }))
}
