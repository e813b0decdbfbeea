// Replaces the establishments and local premises with a synthetic set, deterministic for a seed,
// through COPY in one transaction: a failed seed leaves the previous data served.
import type pg from 'pg'
import { withSecondaryIndexesDeferred } from '../db/bulk-load'
import { copyRows } from '../db/copy'
import { ESTABLISHMENT_COLUMNS, establishmentValues } from '../establishments/record'
import { recordDataInfo } from '../data-info/data-info'
import { communeOutlines, referenceData } from '../territory/reference-data'
import { generateEstablishments } from './generate-establishments'
import { generatePremises, PREMISES_COLUMNS, premisesValues } from './generate-premises'

export interface SeedOptions {
  establishments: number
  premises: number
  seed: number
  onProgress?: (event: {
    phase: 'establishments' | 'premises' | 'indexes'
    done: number
    total: number
  }) => void
}

export interface SeedResult {
  establishments: number
  premises: number
  milliseconds: number
}

export async function seedDatabase(db: pg.Pool, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now()
  const ref = referenceData()
  const outlines = communeOutlines()
  const progress = options.onProgress ?? (() => {})
  const client = await db.connect()
  try {
    await client.query('BEGIN')
    await client.query('TRUNCATE etablissement, local')
    progress({ phase: 'establishments', done: 0, total: options.establishments })
    const establishments = await withSecondaryIndexesDeferred(
      client,
      'etablissement',
      () =>
        copyRows(
          client,
          'etablissement',
          ESTABLISHMENT_COLUMNS,
          (function* () {
            for (const record of generateEstablishments({
              count: options.establishments,
              seed: options.seed,
              communes: ref.communes,
              outlines,
              naf: ref.naf,
            })) {
              yield establishmentValues(record)
            }
          })(),
          {
            onProgress: (done) => progress({ phase: 'establishments', done, total: options.establishments }),
          },
        ),
      () => progress({ phase: 'indexes', done: 0, total: 1 }),
    )
    progress({ phase: 'indexes', done: 1, total: 1 })
    progress({ phase: 'premises', done: 0, total: options.premises })
    const premises = await copyRows(
      client,
      'local',
      PREMISES_COLUMNS,
      (function* () {
        for (const record of generatePremises({
          count: options.premises,
          seed: options.seed,
          communes: ref.communes,
        })) {
          yield premisesValues(record)
        }
      })(),
      { onProgress: (done) => progress({ phase: 'premises', done, total: options.premises }) },
    )
    await recordDataInfo(client, {
      source: 'synthetic',
      mise_a_jour: new Date().toISOString(),
      etablissements: establishments,
      locaux: premises,
    })
    await client.query('COMMIT')
    await client.query('ANALYZE etablissement')
    await client.query('ANALYZE local')
    return { establishments, premises, milliseconds: Math.round(performance.now() - started) }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

export async function hasEstablishments(db: pg.Pool): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM etablissement LIMIT 1')
  return rows.length > 0
}
