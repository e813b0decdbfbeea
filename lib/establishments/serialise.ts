// Establishments on the wire: the JSON record of spec §2.4 (and the fuller record of
// GET /v0/eco/sirets/:id), and the GeoJSON of spec §2.5 where establishments at one point share a
// feature. The zod schemas document the shapes in OpenAPI and let tests check them.
import { z } from 'zod'
import { contactWireSchema, serialiseContact } from './contact'
import { SIREN_PATTERN, SIRET_PATTERN } from './identifiers'
import type { Establishment, EstablishmentDetail, EstablishmentRow } from './read-model'

export const establishmentUrl = (siret: string) => `/v0/eco/sirets/${siret}`

const effectifDetailsSchema = z.object({
  tranche_code: z.string(),
  tranche_label: z.string(),
  tranche_median: z.int(),
  valeur_calculee: z.null(),
  valeur_saisie: z.int().nullable(),
})

export const establishmentWireSchema = z
  .object({
    id: z.string().regex(SIRET_PATTERN),
    siret: z.string().regex(SIRET_PATTERN),
    siren: z.string().regex(SIREN_PATTERN),
    entreprise: z.string(),
    enseigne: z.string(),
    denomination_usuelle: z.string().nullable(),
    adresse: z.string(),
    code_commune: z.string(),
    libelle_commune: z.string(),
    effectif: z.union([z.int(), z.string()]).describe('Effectif saisi, sinon libellé de la tranche'),
    effectif_details: effectifDetailsSchema,
    code_naf: z.string(),
    libelle_naf: z.string(),
    secteur_alternatif: z.string().optional().describe('Présent pour certains établissements seulement'),
    url: z.string().startsWith('/v0/eco/sirets/'),
  })
  .strict()
export type EstablishmentWire = z.infer<typeof establishmentWireSchema>

export const establishmentDetailWireSchema = establishmentWireSchema
  .extend({
    coordonnees: z
      .object({ longitude: z.number(), latitude: z.number() })
      .nullable()
      .describe('Position (WGS 84) ; null quand elle est inconnue ou non diffusible'),
    date_creation: z.string().nullable().describe('Date de création (AAAA-MM-JJ)'),
    nature_juridique: z
      .object({ code: z.string(), libelle: z.string().nullable() })
      .nullable()
      .describe('Catégorie juridique INSEE'),
    etat_administratif: z.enum(['actif', 'ferme']),
    contact: contactWireSchema,
  })
  .strict()
export type EstablishmentDetailWire = z.infer<typeof establishmentDetailWireSchema>

export function serialiseEstablishment(e: Establishment): EstablishmentWire {
  return {
    id: e.siret,
    siret: e.siret,
    siren: e.siren,
    entreprise: e.entreprise,
    enseigne: e.enseigne,
    denomination_usuelle: e.denominationUsuelle,
    adresse: e.adresse,
    code_commune: e.codeCommune,
    libelle_commune: e.libelleCommune,
    effectif: e.effectifSaisi ?? e.tranche.libelle,
    effectif_details: {
      tranche_code: e.tranche.code,
      tranche_label: e.tranche.libelle,
      tranche_median: e.tranche.mediane,
      valeur_calculee: null,
      valeur_saisie: e.effectifSaisi,
    },
    code_naf: e.codeNaf,
    libelle_naf: e.libelleNaf,
    ...(e.secteurAlternatif !== null ? { secteur_alternatif: e.secteurAlternatif } : {}),
    url: establishmentUrl(e.siret),
  }
}

/**
 * The same record straight from a row of ESTABLISHMENT_SELECT: a page of the search is mapped once,
 * not through the domain object first.
 */
export function serialiseEstablishmentRow(row: EstablishmentRow): EstablishmentWire {
  return {
    id: row.siret,
    siret: row.siret,
    siren: row.siren,
    entreprise: row.entreprise,
    enseigne: row.enseigne,
    denomination_usuelle: row.denomination_usuelle,
    adresse: row.adresse,
    code_commune: row.code_commune,
    libelle_commune: row.libelle_commune,
    effectif: row.effectif_saisi ?? row.tranche_libelle,
    effectif_details: {
      tranche_code: row.tranche_effectif,
      tranche_label: row.tranche_libelle,
      tranche_median: row.tranche_mediane,
      valeur_calculee: null,
      valeur_saisie: row.effectif_saisi,
    },
    code_naf: row.code_naf,
    libelle_naf: row.libelle_naf,
    ...(row.secteur_alternatif !== null ? { secteur_alternatif: row.secteur_alternatif } : {}),
    url: establishmentUrl(row.siret),
  }
}

export function serialiseEstablishmentDetail(e: EstablishmentDetail): EstablishmentDetailWire {
  return {
    ...serialiseEstablishment(e),
    coordonnees: e.position,
    date_creation: e.dateCreation,
    nature_juridique: e.natureJuridique,
    etat_administratif: e.actif ? 'actif' : 'ferme',
    contact: serialiseContact(e.contact),
  }
}

// GeoJSON (spec §2.5) ----------------------------------------------------------------------------

const pointFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).strict(),
    properties: z
      .object({ etablissements: z.array(z.object({ id: z.string(), url: z.string() }).strict()).min(1) })
      .strict(),
  })
  .strict()
export const featureCollectionSchema = z
  .object({ type: z.literal('FeatureCollection'), features: z.array(pointFeatureSchema) })
  .strict()
export type PointFeature = z.infer<typeof pointFeatureSchema>

/** A located establishment: what a map point needs. */
export interface PointRef {
  siret: string
  lon: number
  lat: number
}

/** A number as JSON.stringify writes it (not finite: null). */
const numberText = (n: number) => (Number.isFinite(n) ? String(n) : 'null')

/** Equal positions (NaN included, -0 and 0 alike: what a text key grouped). */
const same = (a: number, b: number) => a === b || (a !== a && b !== b)

/**
 * UTF-8 bytes appended to one growing buffer: the text is encoded as it is written, never held
 * as a long string to flatten and encode at the end.
 */
class ByteSink {
  private buffer: Buffer
  length = 0

  constructor(capacity: number) {
    this.buffer = Buffer.allocUnsafe(Math.max(capacity, 256))
  }

  write(text: string, ascii: boolean): void {
    const bytes = ascii ? text.length : Buffer.byteLength(text)
    if (this.length + bytes > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes))
      this.buffer.copy(grown, 0, 0, this.length)
      this.buffer = grown
    }
    this.length += this.buffer.write(text, this.length, ascii ? 'latin1' : 'utf8')
  }

  /** The bytes written so far (a view: valid until the next write). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length)
  }

  /** The text written so far, and an empty sink. */
  take(): string {
    const text = this.buffer.toString('utf8', 0, this.length)
    this.length = 0
    return text
  }
}

/** Text that is all ASCII (every SIRET entry, numbers, the structure). */
const ASCII = /^[\x00-\x7f]*$/

/**
 * Writes the features of points ordered by position (lon, lat) into a sink, in one walk: a point
 * equal to the previous one adds its establishment to the open feature, any other opens a new one.
 * No map and no feature objects: the bytes are the only thing built.
 */
class FeatureWriter {
  private open = false
  private lon = 0
  private lat = 0

  constructor(private readonly sink: ByteSink) {}

  next(p: PointRef): void {
    // A SIRET is 14 digits (the table's CHECK): nothing to escape, all ASCII.
    const digits = SIRET_PATTERN.test(p.siret)
    const entry = digits
      ? `{"id":"${p.siret}","url":"${establishmentUrl(p.siret)}"}`
      : JSON.stringify({ id: p.siret, url: establishmentUrl(p.siret) })
    const plain = digits || ASCII.test(entry)
    if (this.open && same(p.lon, this.lon) && same(p.lat, this.lat)) {
      this.sink.write(`,${entry}`, plain)
      return
    }
    const head = this.open ? ']}},' : ''
    this.open = true
    this.lon = p.lon
    this.lat = p.lat
    this.sink.write(
      `${head}{"type":"Feature","geometry":{"type":"Point","coordinates":[${numberText(p.lon)},${numberText(p.lat)}]},"properties":{"etablissements":[${entry}`,
      plain,
    )
  }

  /** Closes the last feature and the collection. */
  end(): void {
    this.sink.write(this.open ? ']}}]}' : ']}', true)
  }
}

const COLLECTION_HEAD = '{"type":"FeatureCollection","features":['

/**
 * The FeatureCollection of points ordered by position (lon, lat, as the points statement orders
 * them), as UTF-8 bytes: consecutive equal points share one feature, listing their establishments
 * in order.
 */
export function featureCollectionJson(points: readonly PointRef[]): Buffer {
  // About 130 bytes a point when none is shared: one allocation in the usual case.
  const sink = new ByteSink(64 + points.length * 136)
  sink.write(COLLECTION_HEAD, true)
  const writer = new FeatureWriter(sink)
  for (let i = 0; i < points.length; i++) writer.next(points[i]!)
  writer.end()
  return sink.bytes()
}

/**
 * The same text streamed from points ordered by position: memory holds one chunk (about 64 KiB) at
 * a time whatever the number of points.
 */
export async function* featureCollectionText(points: AsyncIterable<PointRef>): AsyncGenerator<string> {
  const sink = new ByteSink(70_000)
  sink.write(COLLECTION_HEAD, true)
  const writer = new FeatureWriter(sink)
  for await (const p of points) {
    writer.next(p)
    if (sink.length >= 65_536) yield sink.take()
  }
  writer.end()
  yield sink.take()
}
