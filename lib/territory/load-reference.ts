// Loads the reference territory into the database, once per version of its sources: start-up and
// `db:migrate` call this, and it does nothing when the stored version matches.
import type pg from 'pg'
import { recordReferenceVersion, storedReferenceVersion } from '../data-info/data-info'
import { copyRows } from '../db/copy'
import { TRANCHES_EFFECTIF } from './effectif'
import { bboxOf, boxLiteral } from './geometry'
import { communeOutlines, referenceData } from './reference-data'

export async function ensureReferenceData(
  db: pg.Pool,
  log: (line: string) => void = () => {},
): Promise<{ loaded: boolean; version: string }> {
  const ref = referenceData()
  if ((await storedReferenceVersion(db)) === ref.version) return { loaded: false, version: ref.version }
  log('loading reference territory data (communes, zones, NAF, headcount bands)…')
  const outlines = communeOutlines()
  const client = await db.connect()
  try {
    await client.query('BEGIN')
    await client.query(
      'DELETE FROM zone_commune; DELETE FROM zone; DELETE FROM commune_outline; DELETE FROM commune; ' +
        'DELETE FROM epci; DELETE FROM departement; DELETE FROM region; DELETE FROM naf; DELETE FROM tranche_effectif',
    )
    await copyRows(
      client,
      'region',
      ['code', 'nom'],
      ref.regions.map((r) => [r.code, r.nom]),
    )
    await copyRows(
      client,
      'departement',
      ['code', 'nom', 'region_code'],
      ref.departements.map((d) => [d.code, d.nom, d.region]),
    )
    await copyRows(
      client,
      'epci',
      ['code', 'nom', 'type'],
      ref.epcis.map((e) => [e.code, e.nom, e.type]),
    )
    await copyRows(
      client,
      'commune',
      [
        'code',
        'nom',
        'type',
        'parent_code',
        'departement_code',
        'region_code',
        'epci_code',
        'population',
        'codes_postaux',
        'lon',
        'lat',
        'position_source',
      ],
      ref.communes.map((c) => [
        c.code,
        c.nom,
        c.type,
        c.parentCode,
        c.departement,
        c.region,
        c.epci,
        c.population,
        c.codesPostaux,
        c.point?.[0],
        c.point?.[1],
        c.positionSource,
      ]),
    )
    await copyRows(
      client,
      'commune_outline',
      ['code', 'geometry', 'emprise'],
      (function* () {
        for (const c of ref.communes) {
          const geometry = c.outlineCode ? outlines.get(c.outlineCode) : undefined
          if (geometry) yield [c.code, JSON.stringify(geometry), boxLiteral(bboxOf(geometry))]
        }
      })(),
      { chunkRows: 2_000 },
    )
    await copyRows(
      client,
      'zone',
      ['id', 'type', 'code', 'nom'],
      ref.zones.map((z) => [z.id, z.type, z.code, z.nom]),
    )
    await copyRows(
      client,
      'zone_commune',
      ['zone_id', 'code_commune'],
      (function* () {
        for (const z of ref.zones) for (const code of z.communes) yield [z.id, code]
      })(),
    )
    await copyRows(
      client,
      'naf',
      ['code', 'libelle'],
      ref.naf.map((n) => [n.code, n.libelle]),
    )
    await copyRows(
      client,
      'tranche_effectif',
      ['code', 'libelle', 'mediane', 'minimum', 'maximum', 'rang'],
      TRANCHES_EFFECTIF.map((t, rang) => [t.code, t.libelle, t.mediane, t.minimum, t.maximum, rang]),
    )
    await recordReferenceVersion(client, ref.version)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
  log(
    `reference data loaded: ${ref.communes.length} communes, ${ref.zones.length} zones, ${ref.naf.length} NAF codes`,
  )
  return { loaded: true, version: ref.version }
}
