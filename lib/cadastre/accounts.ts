// Owner accounts (comptes communaux of MAJIC; GET /ca/props and /ca/props/:id): the search, its SQL
// and the wire records, with the account's parcels and premises.
import { z } from 'zod'
import { query, type Queryable } from '../db/pool'
import { searchPage } from '../db/page-statement'
import { type SqlParams } from '../db/sql-params'
import { notFound } from '../http/api-error'
import type { ListRequest, ListSource } from '../http/list-response'
import { oneOrMany, searchParameterSchema } from '../http/schemas'
import { communeCodeSchema, searchTextSchema, zoneIdSchema } from '../territory/code-schemas'
import { anyOf, classifyCadastreText, wordsCondition } from './free-text'
import { ACCOUNT_URL_PREFIX, PARCEL_URL_PREFIX, PREMISES_URL_PREFIX, refSchema, refs } from './refs'
import { RIGHTS, type Holder } from './rights'

const RIGHT_CODES = Object.keys(RIGHTS) as [string, ...string[]]

const accountCriteriaShape = {
  codcom: oneOrMany(communeCodeSchema, 1000).optional().describe('Code commune INSEE'),
  zone_id: oneOrMany(zoneIdSchema, 100)
    .optional()
    .describe('Identifiant (UUID) d’une zone : EPCI, département ou région'),
  personne: oneOrMany(z.enum(['physique', 'morale'], { error: 'personne vaut physique ou morale.' }), 2)
    .optional()
    .describe('Personne physique ou morale'),
  siren: oneOrMany(
    z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'Un SIREN compte 9 chiffres.'),
    1000,
  )
    .optional()
    .describe('SIREN de la personne morale'),
  droit: oneOrMany(
    z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(RIGHT_CODES, { error: `Code de droit inconnu ; valeurs : ${RIGHT_CODES.join(', ')}.` })),
    30,
  )
    .optional()
    .describe('Code du droit réel ou particulier d’un titulaire (MAJIC : P, U, N, …)'),
  q: oneOrMany(searchTextSchema, 20)
    .optional()
    .describe('Texte libre : identifiant de compte, SIREN, ou mots du nom d’un titulaire'),
}

export const accountSearchSchema = searchParameterSchema(accountCriteriaShape, {
  description: 'identifiant de compte, SIREN ou nom d’un titulaire',
})
export type AccountSearch = z.output<typeof accountSearchSchema>

/** Conditions on `compte_communal c`, values bound in `params`. */
export function accountFilter(search: AccountSearch | undefined, params: SqlParams): string {
  if (search === undefined) return 'TRUE'
  const bind = (value: unknown, cast = '') => params.add(value, cast)
  const texts = typeof search === 'string' ? (search.trim() ? [search] : []) : (search.q ?? [])
  const conditions: string[] = []
  if (typeof search !== 'string') {
    if (search.codcom) conditions.push(`c.codcom = ANY(${bind(search.codcom, '::text[]')})`)
    if (search.zone_id) {
      conditions.push(
        `c.codcom IN (SELECT zc.code_commune FROM zone_commune zc WHERE zc.zone_id = ANY(${bind(search.zone_id, '::uuid[]')}))`,
      )
    }
    if (search.personne) conditions.push(`c.personne = ANY(${bind(search.personne, '::text[]')})`)
    if (search.siren) conditions.push(`c.siren = ANY(${bind(search.siren, '::text[]')})`)
    if (search.droit) {
      conditions.push(
        `EXISTS (SELECT 1 FROM jsonb_array_elements(c.titulaires) t WHERE t->>'code' = ANY(${bind(search.droit, '::text[]')}))`,
      )
    }
  }
  if (texts.length) {
    conditions.push(
      anyOf(
        texts.map((text) => {
          const t = classifyCadastreText(text)
          if (t.kind === 'compte') return `c.id = ${bind(t.value)}`
          if (t.kind === 'siren') return `c.siren = ${bind(t.value)}`
          if (t.kind === 'words') return wordsCondition('c.nom', t.words, (w) => bind(w))
          return 'FALSE'
        }),
      ),
    )
  }
  return conditions.length ? conditions.join(' AND ') : 'TRUE'
}

const holderSchema = z
  .object({ code: z.string(), libelle: z.string(), nom: z.string() })
  .strict()
  .describe('Un titulaire et le droit qu’il détient (code et libellé MAJIC)')

export const accountWireSchema = z
  .object({
    id: z.string().describe('Code commune (5) et numéro de compte communal (6)'),
    codcom: z.string(),
    commune: z.string(),
    numero: z.string().describe('Numéro de compte communal (dnupro)'),
    personne: z.enum(['physique', 'morale']),
    nom: z.string().describe('Nom du premier titulaire'),
    siren: z
      .string()
      .nullable()
      .describe('SIREN de la personne morale, quand elle est une entreprise connue'),
    droits: z.array(holderSchema),
    adresse: z.string(),
    url: z.string().startsWith(ACCOUNT_URL_PREFIX),
  })
  .strict()
export type AccountWire = z.infer<typeof accountWireSchema>

export const accountDetailWireSchema = accountWireSchema
  .extend({
    parcelles: z.array(refSchema(PARCEL_URL_PREFIX)),
    locaux: z.array(refSchema(PREMISES_URL_PREFIX)),
  })
  .strict()

const ACCOUNT_COLUMNS =
  'c.id, c.codcom, c.commune, c.numero, c.personne, c.nom, c.siren, c.titulaires, c.adresse'

interface AccountRow {
  id: string
  codcom: string
  commune: string
  numero: string
  personne: 'physique' | 'morale'
  nom: string
  siren: string | null
  titulaires: Holder[]
  adresse: string
}

export function serialiseAccount(row: AccountRow): AccountWire {
  return {
    id: row.id,
    codcom: row.codcom,
    commune: row.commune,
    numero: row.numero,
    personne: row.personne,
    nom: row.nom,
    siren: row.siren,
    droits: row.titulaires.map((h) => ({ code: h.code, libelle: h.libelle, nom: h.nom })),
    adresse: row.adresse,
    url: `${ACCOUNT_URL_PREFIX}${row.id}`,
  }
}

type AccountListRequest = ListRequest<{ search?: AccountSearch | undefined }>

export const accountListing: ListSource<AccountListRequest> = {
  itemsKey: 'props',
  datasetModel: 'prop',
  async page(request) {
    const { total, rows } = await searchPage<AccountRow>({
      select: ACCOUNT_COLUMNS,
      from: 'compte_communal c',
      orderBy: 'c.id',
      where: (params) => accountFilter(request.search, params),
      page: request.page,
      size: request.size,
    })
    return { total, items: rows.map(serialiseAccount) }
  },
}

/** The record of GET /v0/ca/props/:id with its parcels and premises; 404 when unknown. */
export async function accountRecord(id: string, db?: Queryable): Promise<unknown> {
  const { rows } = await query<AccountRow & { parcelles: string[]; locaux: string[] }>(
    `SELECT ${ACCOUNT_COLUMNS},
        coalesce((SELECT array_agg(p.id ORDER BY p.id) FROM parcelle p WHERE p.compte = c.id), '{}') AS parcelles,
        coalesce((SELECT array_agg(l.id ORDER BY l.id) FROM local l WHERE l.compte = c.id), '{}') AS locaux
       FROM compte_communal c WHERE c.id = $1`,
    [id],
    db,
  )
  const row = rows[0]
  if (!row) throw notFound(`Aucun compte communal « ${id} ».`)
  return {
    ...serialiseAccount(row),
    parcelles: refs(PARCEL_URL_PREFIX, row.parcelles),
    locaux: refs(PREMISES_URL_PREFIX, row.locaux),
  }
}
