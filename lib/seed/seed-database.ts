// Replaces the establishments, local premises, cadastre (sections, parcels, owner accounts) and its
// fiscal detail (PEV, SUF, property- and housing-tax notices) with a synthetic set, deterministic for
// a seed, through COPY in one transaction: a failed seed leaves the previous data served.
import type pg from 'pg'
import { withSecondaryIndexesDeferred } from '../db/bulk-load'
import { copyRows } from '../db/copy'
import { ESTABLISHMENT_WITH_CONTACT_COLUMNS, establishmentWithContactValues } from '../establishments/record'
import { recordDataInfo } from '../data-info/data-info'
import { refreshClusterCells } from '../establishments/cluster-cells'
import { communeOutlines, referenceData } from '../territory/reference-data'
import { generateEstablishments } from './generate-establishments'
import {
  cadastralTerritory,
  generateCommuneCadastre,
  parcelCounts,
  type AccountRecord,
  type CompanyRef,
  type PlacedPremises,
  type SectionRecord,
} from './generate-cadastre'
import { generatePremises, type PremisesRecord } from './generate-premises'
import {
  ACCOUNT_COLUMNS,
  accountValues,
  PARCEL_COLUMNS,
  parcelValues,
  PEV_COLUMNS,
  pevValues,
  PLACED_PREMISES_COLUMNS,
  placedPremisesValues,
  SECTION_COLUMNS,
  sectionValues,
  SUF_COLUMNS,
  sufValues,
  TF_COLUMNS,
  tfValues,
  TH_COLUMNS,
  thValues,
} from './cadastre-rows'
import { generateCommuneFiscal, type CommuneFiscal } from './generate-fiscal'

export interface SeedOptions {
  establishments: number
  premises: number
  /** Parcels of the cadastre, about (default 0: the fewest, each commune getting enough for its premises). */
  parcels?: number
  /** Communes the cadastre covers (premises are drawn from them). */
  cadastreCommunes?: number
  seed: number
  onProgress?: (event: {
    phase: 'establishments' | 'premises' | 'parcels' | 'indexes'
    done: number
    total: number
  }) => void
}

export interface SeedResult {
  establishments: number
  premises: number
  parcels: number
  milliseconds: number
}

/** Parcels of a seed by default. */
export const DEFAULT_SEED_PARCELS = 100_000

export async function seedDatabase(db: pg.Pool, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now()
  const ref = referenceData()
  const outlines = communeOutlines()
  const progress = options.onProgress ?? (() => {})
  const territory = cadastralTerritory({
    communes: ref.communes,
    outlines,
    seed: options.seed,
    ...(options.cadastreCommunes !== undefined ? { count: options.cadastreCommunes } : {}),
  })
  const inTerritory = new Set(territory.map((t) => t.commune.code))
  // Companies of the territory (legal persons) that may own land there.
  const companies = new Map<string, CompanyRef[]>()
  const client = await db.connect()
  try {
    await client.query('BEGIN')
    await client.query(
      'TRUNCATE etablissement, local, parcelle, section_cadastrale, compte_communal, pev, suf, avis_tf, avis_th',
    )
    progress({ phase: 'establishments', done: 0, total: options.establishments })
    const establishments = await withSecondaryIndexesDeferred(
      client,
      'etablissement',
      () =>
        copyRows(
          client,
          'etablissement',
          ESTABLISHMENT_WITH_CONTACT_COLUMNS,
          (function* () {
            for (const record of generateEstablishments({
              count: options.establishments,
              seed: options.seed,
              communes: ref.communes,
              outlines,
              naf: ref.naf,
            })) {
              if (
                inTerritory.has(record.codeCommune) &&
                record.categorieJuridique !== null &&
                !record.categorieJuridique.startsWith('1')
              ) {
                const list = companies.get(record.codeCommune) ?? []
                if (list.length < 40 && !list.some((c) => c.siren === record.siren)) {
                  list.push({ siren: record.siren, entreprise: record.entreprise })
                  companies.set(record.codeCommune, list)
                }
              }
              yield establishmentWithContactValues(record)
            }
          })(),
          {
            onProgress: (done) => progress({ phase: 'establishments', done, total: options.establishments }),
          },
        ),
      () => progress({ phase: 'indexes', done: 0, total: 1 }),
    )
    progress({ phase: 'indexes', done: 1, total: 1 })
    const byCommune = new Map<string, PremisesRecord[]>()
    for (const record of generatePremises({
      count: options.premises,
      seed: options.seed,
      communes: territory.map((t) => t.commune),
    })) {
      const list = byCommune.get(record.codcom) ?? []
      list.push(record)
      byCommune.set(record.codcom, list)
    }
    const totalParcels = options.parcels ?? 0
    const counts = parcelCounts(
      territory,
      totalParcels,
      new Map([...byCommune].map(([code, list]) => [code, list.length])),
    )
    const sections: SectionRecord[] = []
    const accounts: AccountRecord[] = []
    const placed: PlacedPremises[] = []
    const fiscal: CommuneFiscal = { pevs: [], sufs: [], tf: [], th: [] }
    progress({ phase: 'parcels', done: 0, total: totalParcels })
    const parcels = await withSecondaryIndexesDeferred(client, 'parcelle', () =>
      copyRows(
        client,
        'parcelle',
        PARCEL_COLUMNS,
        (function* () {
          for (const t of territory) {
            const cadastre = generateCommuneCadastre({
              territory: t,
              parcelCount: counts.get(t.commune.code)!,
              seed: options.seed,
              premises: byCommune.get(t.commune.code) ?? [],
              companies: companies.get(t.commune.code) ?? [],
            })
            sections.push(...cadastre.sections)
            accounts.push(...cadastre.accounts)
            placed.push(...cadastre.premises)
            const detail = generateCommuneFiscal({ cadastre, commune: t.commune, seed: options.seed })
            for (const pev of detail.pevs) fiscal.pevs.push(pev)
            for (const suf of detail.sufs) fiscal.sufs.push(suf)
            for (const notice of detail.tf) fiscal.tf.push(notice)
            for (const notice of detail.th) fiscal.th.push(notice)
            for (const parcel of cadastre.parcels) yield parcelValues(parcel)
          }
        })(),
        { onProgress: (done) => progress({ phase: 'parcels', done, total: totalParcels }) },
      ),
    )
    await copyRows(client, 'section_cadastrale', SECTION_COLUMNS, sections.map(sectionValues))
    await copyRows(client, 'compte_communal', ACCOUNT_COLUMNS, accounts.map(accountValues))
    placed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    const premises = await copyRows(
      client,
      'local',
      PLACED_PREMISES_COLUMNS,
      placed.map(placedPremisesValues),
      {
        onProgress: (done) => progress({ phase: 'premises', done, total: options.premises }),
      },
    )
    await copyRows(client, 'pev', PEV_COLUMNS, fiscal.pevs.map(pevValues))
    await copyRows(client, 'suf', SUF_COLUMNS, fiscal.sufs.map(sufValues))
    await copyRows(client, 'avis_tf', TF_COLUMNS, fiscal.tf.map(tfValues))
    await copyRows(client, 'avis_th', TH_COLUMNS, fiscal.th.map(thValues))
    // The map's cells counted ahead of time, in the same transaction as the establishments.
    await refreshClusterCells(client)
    await recordDataInfo(client, {
      source: 'synthetic',
      mise_a_jour: new Date().toISOString(),
      etablissements: establishments,
      locaux: premises,
    })
    await client.query('COMMIT')
    await client.query('ANALYZE etablissement')
    for (const table of [
      'local',
      'parcelle',
      'section_cadastrale',
      'compte_communal',
      'pev',
      'suf',
      'avis_tf',
      'avis_th',
    ])
      await client.query(`ANALYZE ${table}`)
    return { establishments, premises, parcels, milliseconds: Math.round(performance.now() - started) }
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
