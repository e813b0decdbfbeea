// Property-tax notices (GET /tf and /tf/:id): one per owner account and year, with its bases, lines
// per beneficiary and total; the search — a free text or an object of keys whose values may be
// lists (any of), combined with AND — its SQL and the wire records.
import { z } from 'zod'
import { accountsNamed, anyOf } from '../cadastre/free-text'
import { ACCOUNT_ID_PATTERN } from '../cadastre/identifiers'
import {
  ACCOUNT_URL_PREFIX,
  PEV_URL_PREFIX,
  refSchema,
  refs,
  SUF_URL_PREFIX,
  TF_URL_PREFIX,
} from '../cadastre/refs'
import { searchPage } from '../db/page-statement'
import { query, type Queryable } from '../db/pool'
import type { SqlParams } from '../db/sql-params'
import { notFound } from '../http/api-error'
import type { ListRequest, ListSource } from '../http/list-response'
import { oneOrMany, searchParameterSchema } from '../http/schemas'
import { communeCodeSchema, searchTextSchema, yearsSchema, zoneIdSchema } from '../territory/code-schemas'
import { searchWords } from '../text/normalise'
import { TF_ID_PATTERN } from './identifiers'
import { noticeLineWireSchema, serialiseLines } from './notice-lines'
import type { NoticeLine } from './rules'

const tfCriteriaShape = {
  codcom: oneOrMany(communeCodeSchema, 1000).optional().describe('Code commune INSEE'),
  proprietaire: oneOrMany(searchTextSchema, 100)
    .optional()
    .describe('Compte communal (identifiant de 11 caractères) ou texte à trouver dans le nom du titulaire'),
  annee: yearsSchema.optional().describe('Année d’imposition'),
  zone_id: oneOrMany(zoneIdSchema, 100)
    .optional()
    .describe('Identifiant (UUID) d’une zone : EPCI, département ou région'),
}

export const tfSearchSchema = searchParameterSchema(tfCriteriaShape, {
  description: 'identifiant d’avis, compte communal ou mots du nom du titulaire',
})
export type TfSearch = z.output<typeof tfSearchSchema>

/** Accounts matching an owner value: an account id, or words of the holder's name. */
function ownerCondition(
  values: readonly string[],
  column: string,
  bind: (v: unknown, cast?: string) => string,
) {
  const ids = values.map((v) => v.replace(/\s+/g, '').toUpperCase()).filter((v) => ACCOUNT_ID_PATTERN.test(v))
  const names = values.filter((v) => !ACCOUNT_ID_PATTERN.test(v.replace(/\s+/g, '').toUpperCase()))
  const either: string[] = []
  if (ids.length) either.push(`${column} = ANY(${bind(ids, '::text[]')})`)
  for (const name of names) {
    const words = searchWords(name)
    either.push(words.length ? `${column} IN (${accountsNamed(words, (w) => bind(w))})` : 'FALSE')
  }
  return anyOf(either)
}

/** Conditions on `avis_tf t` (AND of the keys), values bound in `params`. */
export function tfFilter(search: TfSearch | undefined, params: SqlParams): string {
  if (search === undefined) return 'TRUE'
  const bind = (value: unknown, cast = '') => params.add(value, cast)
  const conditions: string[] = []
  if (typeof search === 'string') {
    const text = search.trim()
    if (!text) return 'TRUE'
    const compact = text.replace(/\s+/g, '').toUpperCase()
    if (TF_ID_PATTERN.test(compact)) return `t.id = ${bind(compact)}`
    return ownerCondition([text], 't.compte', bind)
  }
  if (search.codcom) conditions.push(`t.codcom = ANY(${bind(search.codcom, '::text[]')})`)
  if (search.annee) conditions.push(`t.annee = ANY(${bind(search.annee, '::int[]')})`)
  if (search.zone_id) {
    conditions.push(
      `t.codcom IN (SELECT zc.code_commune FROM zone_commune zc WHERE zc.zone_id = ANY(${bind(search.zone_id, '::uuid[]')}))`,
    )
  }
  if (search.proprietaire) conditions.push(ownerCondition(search.proprietaire, 't.compte', bind))
  return conditions.length ? conditions.join(' AND ') : 'TRUE'
}

// Wire ---------------------------------------------------------------------------------------------

export const tfWireSchema = z
  .object({
    id: z.string().describe('Identifiant : compte communal, tiret et année'),
    annee: z.int().describe('Année d’imposition'),
    codcom: z.string().describe('Code commune INSEE'),
    commune: z.string(),
    compte: z.string().describe(`Compte communal (sa fiche : ${ACCOUNT_URL_PREFIX}{compte})`),
    proprietaire: z.string().describe('Nom du titulaire du compte communal'),
    base_bati: z.int().describe('Base de la taxe foncière sur les propriétés bâties (euros)'),
    base_non_bati: z.int().describe('Base de la taxe foncière sur les propriétés non bâties (euros)'),
    total_centimes: z.int().describe('Montant de l’avis (centimes d’euro) : somme des lignes'),
    url: z.string().startsWith(TF_URL_PREFIX),
  })
  .strict()
export type TfWire = z.infer<typeof tfWireSchema>

export const tfDetailWireSchema = tfWireSchema
  .extend({
    prop: refSchema(ACCOUNT_URL_PREFIX).describe('Le compte communal imposé'),
    lignes: z
      .array(noticeLineWireSchema)
      .describe('Cotisations par taxe et bénéficiaire, frais de gestion en dernier'),
    pev: z
      .array(refSchema(PEV_URL_PREFIX))
      .describe('Parties d’évaluation des locaux du compte (base bâtie)'),
    suf: z
      .array(refSchema(SUF_URL_PREFIX))
      .describe('Subdivisions fiscales des parcelles du compte (base non bâtie)'),
  })
  .strict()
export type TfDetailWire = z.infer<typeof tfDetailWireSchema>

/**
 * Columns of a notice over alias `t`; the total is renamed, since page statements add their own
 * `total` (the number of matches) to every row.
 */
export const TF_SELECT =
  't.id, t.annee, t.codcom, t.commune, t.compte, t.proprietaire, t.base_bati, t.base_non_bati, t.total AS total_centimes'

interface TfRow {
  id: string
  annee: number
  codcom: string
  commune: string
  compte: string
  proprietaire: string
  base_bati: number
  base_non_bati: number
  total_centimes: number
}

export function serialiseTf(row: TfRow): TfWire {
  return {
    id: row.id,
    annee: row.annee,
    codcom: row.codcom,
    commune: row.commune,
    compte: row.compte,
    proprietaire: row.proprietaire,
    base_bati: row.base_bati,
    base_non_bati: row.base_non_bati,
    total_centimes: row.total_centimes,
    url: `${TF_URL_PREFIX}${row.id}`,
  }
}

// Reads --------------------------------------------------------------------------------------------

type TfListRequest = ListRequest<{ search?: TfSearch | undefined }>

export const tfListing: ListSource<TfListRequest> = {
  itemsKey: 'tf',
  datasetModel: 'tf',
  async page(request) {
    const { total, rows } = await searchPage<TfRow>({
      select: TF_SELECT,
      from: 'avis_tf t',
      orderBy: 't.id',
      where: (params) => tfFilter(request.search, params),
      page: request.page,
      size: request.size,
    })
    return { total, items: rows.map(serialiseTf) }
  },
}

/** The record of GET /v0/tf/:id with its lines and sources; 404 when unknown. */
export async function tfRecord(id: string, db?: Queryable): Promise<TfDetailWire> {
  const { rows } = await query<TfRow & { lignes: NoticeLine[]; pev: string[]; suf: string[] }>(
    `SELECT ${TF_SELECT}, t.lignes,
        coalesce((SELECT array_agg(v.id ORDER BY v.id) FROM local l JOIN pev v ON v.local = l.id
                   WHERE l.compte = t.compte), '{}') AS pev,
        coalesce((SELECT array_agg(s.id ORDER BY s.id) FROM parcelle p JOIN suf s ON s.parcelle = p.id
                   WHERE p.compte = t.compte), '{}') AS suf
       FROM avis_tf t WHERE t.id = $1`,
    [id],
    db,
  )
  const row = rows[0]
  if (!row) throw notFound(`Aucun avis de taxe foncière « ${id} ».`)
  return {
    ...serialiseTf(row),
    prop: { id: row.compte, url: `${ACCOUNT_URL_PREFIX}${row.compte}` },
    lignes: serialiseLines(row.lignes),
    pev: refs(PEV_URL_PREFIX, row.pev),
    suf: refs(SUF_URL_PREFIX, row.suf),
  }
}

/** A record of a `tf` dataset: the list's record and its lines. */
export const tfDatasetRecordSchema = tfWireSchema
  .extend({
    lignes: z
      .array(noticeLineWireSchema)
      .describe('Cotisations par taxe et bénéficiaire, frais de gestion en dernier'),
  })
  .strict()

export function serialiseTfRecord(
  row: TfRow & { lignes: NoticeLine[] },
): z.infer<typeof tfDatasetRecordSchema> {
  return { ...serialiseTf(row), lignes: serialiseLines(row.lignes) }
}
