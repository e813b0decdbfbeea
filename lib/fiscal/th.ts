// Housing-tax notices (GET /th and /th/:id): since 2023, second homes and, where the commune voted
// it, dwellings vacant for two years; one per premises and year, with its base, rate, lines and
// total, and the occupant taxed.
import { z } from 'zod'
import { wordsCondition } from '../cadastre/free-text'
import { ACCOUNT_URL_PREFIX, PREMISES_URL_PREFIX, refSchema, TH_URL_PREFIX } from '../cadastre/refs'
import { searchPage } from '../db/page-statement'
import { query, type Queryable } from '../db/pool'
import type { SqlParams } from '../db/sql-params'
import { notFound } from '../http/api-error'
import type { ListRequest, ListSource } from '../http/list-response'
import { oneOrMany, searchParameterSchema } from '../http/schemas'
import { communeCodeSchema, yearsSchema, zoneIdSchema } from '../territory/code-schemas'
import { searchWords } from '../text/normalise'
import { TH_NATURES, type ThNature } from './codes'
import { TH_ID_PATTERN } from './identifiers'
import { noticeLineWireSchema, serialiseLines } from './notice-lines'
import { ratePercent, type NoticeLine } from './rules'

const PREMISES_ID_PATTERN = /^(\d{5}|2[AB]\d{3})\d{10}$/

const premisesIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    PREMISES_ID_PATTERN,
    'Un identifiant de local est le code commune (5 caractères) suivi de l’invariant (10 chiffres).',
  )

const thCriteriaShape = {
  codcom: oneOrMany(communeCodeSchema, 1000).optional().describe('Code commune INSEE'),
  local: oneOrMany(premisesIdSchema, 1000).optional().describe('Identifiant du local (15 caractères)'),
  annee: yearsSchema.optional().describe('Année d’imposition'),
  zone_id: oneOrMany(zoneIdSchema, 100)
    .optional()
    .describe('Identifiant (UUID) d’une zone : EPCI, département ou région'),
}

export const thSearchSchema = searchParameterSchema(thCriteriaShape, {
  description: 'identifiant d’avis ou de local, ou mots du nom de l’occupant',
})
export type ThSearch = z.output<typeof thSearchSchema>

/** Conditions on `avis_th h` (AND of the keys), values bound in `params`. */
export function thFilter(search: ThSearch | undefined, params: SqlParams): string {
  if (search === undefined) return 'TRUE'
  const bind = (value: unknown, cast = '') => params.add(value, cast)
  if (typeof search === 'string') {
    const text = search.trim()
    if (!text) return 'TRUE'
    const compact = text.replace(/\s+/g, '').toUpperCase()
    if (TH_ID_PATTERN.test(compact)) return `h.id = ${bind(compact)}`
    if (PREMISES_ID_PATTERN.test(compact)) return `h.local = ${bind(compact)}`
    const words = searchWords(text)
    return words.length ? wordsCondition('h.occupant', words, (w) => bind(w)) : 'FALSE'
  }
  const conditions: string[] = []
  if (search.codcom) conditions.push(`h.codcom = ANY(${bind(search.codcom, '::text[]')})`)
  if (search.local) conditions.push(`h.local = ANY(${bind(search.local, '::text[]')})`)
  if (search.annee) conditions.push(`h.annee = ANY(${bind(search.annee, '::int[]')})`)
  if (search.zone_id) {
    conditions.push(
      `h.codcom IN (SELECT zc.code_commune FROM zone_commune zc WHERE zc.zone_id = ANY(${bind(search.zone_id, '::uuid[]')}))`,
    )
  }
  return conditions.length ? conditions.join(' AND ') : 'TRUE'
}

// Wire ---------------------------------------------------------------------------------------------

export const thWireSchema = z
  .object({
    id: z.string().describe('Identifiant : identifiant du local, tiret et année'),
    annee: z.int().describe('Année d’imposition'),
    codcom: z.string().describe('Code commune INSEE'),
    commune: z.string(),
    local: z.string().describe(`Local imposé (sa fiche : ${PREMISES_URL_PREFIX}{local})`),
    nature: z.enum(Object.keys(TH_NATURES) as [ThNature]).describe('Résidence secondaire ou logement vacant'),
    nature_libelle: z.string(),
    occupant: z
      .string()
      .describe('Redevable : occupant au 1er janvier (propriétaire pour un logement vacant)'),
    base: z.int().describe('Base : valeur locative brute du logement (euros)'),
    taux: z.number().describe('Taux voté : commune et intercommunalité (en %)'),
    total_centimes: z.int().describe('Montant de l’avis (centimes d’euro) : somme des lignes'),
    url: z.string().startsWith(TH_URL_PREFIX),
  })
  .strict()
export type ThWire = z.infer<typeof thWireSchema>

export const thDetailWireSchema = thWireSchema
  .extend({
    logement: refSchema(PREMISES_URL_PREFIX).describe('Le local imposé'),
    prop: refSchema(ACCOUNT_URL_PREFIX).describe('Le compte communal du propriétaire'),
    lignes: z
      .array(noticeLineWireSchema)
      .describe('Cotisations par bénéficiaire, frais de gestion en dernier'),
  })
  .strict()
export type ThDetailWire = z.infer<typeof thDetailWireSchema>

/**
 * Columns of a notice over alias `h`; the total is renamed, since page statements add their own
 * `total` (the number of matches) to every row.
 */
export const TH_SELECT =
  'h.id, h.annee, h.codcom, h.commune, h.local, h.compte, h.nature, h.occupant, h.base, h.taux, h.total AS total_centimes'

interface ThRow {
  id: string
  annee: number
  codcom: string
  commune: string
  local: string
  compte: string
  nature: ThNature
  occupant: string
  base: number
  taux: number
  total_centimes: number
}

export function serialiseTh(row: ThRow): ThWire {
  return {
    id: row.id,
    annee: row.annee,
    codcom: row.codcom,
    commune: row.commune,
    local: row.local,
    nature: row.nature,
    nature_libelle: TH_NATURES[row.nature],
    occupant: row.occupant,
    base: row.base,
    taux: ratePercent(row.taux),
    total_centimes: row.total_centimes,
    url: `${TH_URL_PREFIX}${row.id}`,
  }
}

type ThListRequest = ListRequest<{ search?: ThSearch | undefined }>

export const thListing: ListSource<ThListRequest> = {
  itemsKey: 'th',
  datasetModel: 'th',
  async page(request) {
    const { total, rows } = await searchPage<ThRow>({
      select: TH_SELECT,
      from: 'avis_th h',
      orderBy: 'h.id',
      where: (params) => thFilter(request.search, params),
      page: request.page,
      size: request.size,
    })
    return { total, items: rows.map(serialiseTh) }
  },
}

/** The record of GET /v0/th/:id with its lines; 404 when unknown. */
export async function thRecord(id: string, db?: Queryable): Promise<ThDetailWire> {
  const { rows } = await query<ThRow & { lignes: NoticeLine[] }>(
    `SELECT ${TH_SELECT}, h.lignes FROM avis_th h WHERE h.id = $1`,
    [id],
    db,
  )
  const row = rows[0]
  if (!row) throw notFound(`Aucun avis de taxe d’habitation « ${id} ».`)
  return {
    ...serialiseTh(row),
    logement: { id: row.local, url: `${PREMISES_URL_PREFIX}${row.local}` },
    prop: { id: row.compte, url: `${ACCOUNT_URL_PREFIX}${row.compte}` },
    lignes: serialiseLines(row.lignes),
  }
}

/** A record of a `th` dataset: the list's record and its lines. */
export const thDatasetRecordSchema = thWireSchema
  .extend({
    lignes: z
      .array(noticeLineWireSchema)
      .describe('Cotisations par bénéficiaire, frais de gestion en dernier'),
  })
  .strict()

export function serialiseThRecord(
  row: ThRow & { lignes: NoticeLine[] },
): z.infer<typeof thDatasetRecordSchema> {
  return { ...serialiseTh(row), lignes: serialiseLines(row.lignes) }
}
