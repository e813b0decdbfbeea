// The models a dataset can hold (spec §1, §2.2): establishments (`siret`, scope eco, with positions
// and thus GeoJSON), local premises (`local`, scope fiscal), published business real-estate
// offers (`offre`, scope eco, with positions), cadastral parcels (`parcelle`, scope fiscal, with
// their outlines as GeoJSON), owner accounts (`prop`, scope fiscal) and property-tax and
// housing-tax notices (`tf`, `th`, scope fiscal). Each model says how to validate its
// stored search, capture the matching record ids (INSERT … SELECT, in SQL), read a page of records,
// and which SELECT produces one CSV row per record. A new model also registers its type in the
// dataset_model table (one INSERT in the migration that brings its tables).
import type { z } from 'zod'
import type { Scope } from '../auth/scopes'
import {
  accountFilter,
  accountSearchSchema,
  accountWireSchema,
  serialiseAccount,
  type AccountSearch,
} from '../cadastre/accounts'
import {
  featureText,
  parcelFilter,
  parcelSearchSchema,
  parcelWireSchema,
  serialiseParcel,
  type ParcelSearch,
} from '../cadastre/parcels'
import { ACCOUNT_URL_PREFIX, PARCEL_URL_PREFIX } from '../cadastre/refs'
import { RIGHTS } from '../cadastre/rights'
import {
  ESTABLISHMENT_JOINS,
  ESTABLISHMENT_SELECT,
  rowToEstablishment,
  type EstablishmentRow,
} from '../establishments/read-model'
import { searchSchema, toCriteria } from '../establishments/search-criteria'
import { selectMatching } from '../establishments/search-filter'
import { establishmentWireSchema, serialiseEstablishment } from '../establishments/serialise'
import type { Format } from '../http/negotiate'
import {
  OFFER_CSV_COLUMNS,
  OFFER_CSV_SELECT_LIST,
  OFFER_RECORD_SQL,
  offerFeatureCollectionText,
  offerFromRecord,
} from '../offers/dataset-record'
import { offerFilter, offerSearchSchema, toOfferCriteria, type OfferSearch } from '../offers/offer-search'
import { offerDetailWireSchema, serialiseOfferDetail } from '../offers/serialise'
import { SqlParams } from '../db/sql-params'
import { FISCAL_CODES, PROPERTY_TAX_NOTES, HOUSING_TAX_NOTES } from '../fiscal/code-lists'
import {
  TF_SELECT,
  tfDatasetRecordSchema,
  tfFilter,
  tfSearchSchema,
  serialiseTfRecord,
  type TfSearch,
} from '../fiscal/tf'
import {
  TH_SELECT,
  thDatasetRecordSchema,
  thFilter,
  thSearchSchema,
  serialiseThRecord,
  type ThSearch,
} from '../fiscal/th'
import { PREMISES_SELECT, rowToPremises, type PremisesRow } from '../premises/read-model'
import { premisesSearchSchema, toPremisesCriteria, type PremisesSearch } from '../premises/search-criteria'
import { selectMatchingPremises } from '../premises/search-filter'
import { PREMISES_URL_PREFIX, premisesWireSchema, serialisePremises } from '../premises/serialise'

export const DATASET_MODELS = ['siret', 'local', 'offre', 'parcelle', 'prop', 'tf', 'th'] as const
export type DatasetModelType = (typeof DATASET_MODELS)[number]

export interface SqlQuery {
  text: string
  values: unknown[]
}

/** Session settings read by the CSV SELECT (set with set_config(…, true) in the export's transaction). */
export const EXPORT_SETTINGS = {
  snapshot: 'tda.export_snapshot',
  from: 'tda.export_from',
  to: 'tda.export_to',
} as const

/**
 * A version's records are snapshots of their source rows (db/migrations/0013): `record` holds the
 * row as jsonb, turned back into a row of the table's type, so that every SELECT written against
 * the live table reads the stored contents instead.
 */
const STORED_ESTABLISHMENT = `CROSS JOIN LATERAL jsonb_populate_record(NULL::etablissement, r.record) e`
const STORED_PREMISES = `CROSS JOIN LATERAL jsonb_populate_record(NULL::local, r.record) l`
/**
 * Columns left out of the stored contents: those of the search only, and the contact information,
 * which only the record of GET /v0/eco/sirets/:id serves (not the siret model's records).
 */
const SEARCH_ONLY_COLUMNS = `ARRAY['entreprise_norm', 'enseigne_norm', 'denomination_norm', 'nom_recherche',
  'contact_emails', 'contact_telephones', 'contact_website']`

const exportRange = `r.snapshot_id = current_setting('${EXPORT_SETTINGS.snapshot}')::bigint
    AND r.position > current_setting('${EXPORT_SETTINGS.from}')::int
    AND r.position <= current_setting('${EXPORT_SETTINGS.to}')::int`

export interface DatasetModel {
  type: DatasetModelType
  label: string
  /** The scope a token needs to read a dataset of this model (spec §5 rule 5). */
  scope: Scope
  /** Representations offered, the default first; GeoJSON only for models with positions. */
  formats: readonly Format[]
  /** Validates a stored search (the wire form of the model's search endpoint). */
  searchSchema: z.ZodType
  recordSchema: z.ZodType
  /**
   * Captures the records matching `search` into dataset_record for snapshot $1, ordered by their
   * id, with geo_rank for located records. Returns total and located.
   */
  capture(search: unknown): SqlQuery
  /** Number of records matching `search`, and the first `limit` of them (search preview). */
  count(search: unknown): SqlQuery
  first(search: unknown, limit: number): SqlQuery
  /** Records of snapshot $1 at positions ($2, $3], in order. */
  recordsQuery: string
  toWire(row: Record<string, unknown>): unknown
  /** One CSV row per record (columns named as in the header), for the range in EXPORT_SETTINGS. */
  csvSelect: string
  /** The header of the CSV file: csvSelect's columns, in order. */
  csvColumns: readonly string[]
  /**
   * GeoJSON of a model whose points are not establishments': the SELECT of snapshot $1's located
   * records with geo_rank in ($2, $3], in geo_rank order, and the writer of their features.
   */
  geojson?: {
    pointsQuery: string
    write(points: AsyncIterable<Record<string, unknown>>): AsyncIterable<string>
  }
  /** Descriptions of fields whose schema has none (the /modeles/{type} page). */
  fieldNotes?: Readonly<Record<string, string>>
  /** Lists of codes a field takes, with their meaning (the /modeles/{type} page). */
  codeLists?: readonly ModelCodeList[]
  /** Remarks on the CSV columns (the /modeles/{type} page). */
  csvNotes?: string
  /** How the figures are computed (the /modeles/{type} page). */
  notes?: readonly string[]
}

export interface ModelCodeList {
  /** The field (JSON) the codes are values of. */
  field: string
  title: string
  codes: ReadonlyArray<{ code: string; label: string }>
}

function captureStatement(select: SqlQuery): SqlQuery {
  return {
    text: `WITH captured AS (
      INSERT INTO dataset_record (snapshot_id, position, record_id, geo_rank, record) ${select.text}
      RETURNING geo_rank
    ) SELECT count(*)::int AS total, count(geo_rank)::int AS located FROM captured`,
    values: select.values,
  }
}

const establishmentCriteria = (search: unknown) => toCriteria(searchSchema.parse(search))

const siret: DatasetModel = {
  type: 'siret',
  label: 'Établissements',
  scope: 'eco',
  formats: ['json', 'geojson', 'csv'],
  searchSchema,
  recordSchema: establishmentWireSchema,
  capture: (search) => {
    const select = selectMatching(establishmentCriteria(search), {
      select: `$1::bigint, (row_number() OVER (ORDER BY e.siret))::int, e.siret,
        CASE WHEN e.lon IS NULL THEN NULL ELSE (row_number() OVER (ORDER BY e.lon, e.lat, e.siret))::int END,
        to_jsonb(e) - ${SEARCH_ONLY_COLUMNS}`,
      firstParam: 2,
    })
    return captureStatement(select)
  },
  count: (search) => {
    const matching = selectMatching(establishmentCriteria(search), { select: '1' })
    return { text: `SELECT count(*)::int AS total FROM (${matching.text}) m`, values: matching.values }
  },
  first: (search, limit) => {
    const matching = selectMatching(establishmentCriteria(search), {
      select: 'e.siret',
      orderBy: 'e.siret',
      firstParam: 2,
    })
    return {
      text: `SELECT ${ESTABLISHMENT_SELECT} FROM etablissement e ${ESTABLISHMENT_JOINS}
        WHERE e.siret IN (${matching.text} LIMIT $1) ORDER BY e.siret`,
      values: [limit, ...matching.values],
    }
  },
  recordsQuery: `SELECT ${ESTABLISHMENT_SELECT}
    FROM dataset_record r ${STORED_ESTABLISHMENT} ${ESTABLISHMENT_JOINS}
    WHERE r.snapshot_id = $1 AND r.position > $2 AND r.position <= $3 ORDER BY r.position`,
  toWire: (row) => serialiseEstablishment(rowToEstablishment(row as unknown as EstablishmentRow)),
  // The columns of the spec §2.4 record, effectif_details flattened, computed as the serialiser does.
  csvSelect: `SELECT e.siret AS id, e.siret, e.siren, e.entreprise, e.enseigne, e.denomination_usuelle,
    e.adresse, e.code_commune, e.libelle_commune,
    coalesce(e.effectif_saisi::text, t.libelle, e.tranche_effectif) AS effectif,
    e.tranche_effectif AS effectif_details_tranche_code,
    coalesce(t.libelle, e.tranche_effectif) AS effectif_details_tranche_label,
    coalesce(t.mediane, 0) AS effectif_details_tranche_median,
    NULL::integer AS effectif_details_valeur_calculee,
    e.effectif_saisi AS effectif_details_valeur_saisie,
    e.code_naf, coalesce(n.libelle, '') AS libelle_naf, e.secteur_alternatif,
    '/v0/eco/sirets/' || e.siret AS url
  FROM dataset_record r ${STORED_ESTABLISHMENT} ${ESTABLISHMENT_JOINS}
  WHERE ${exportRange}
  ORDER BY r.position`,
  csvColumns: [
    'id',
    'siret',
    'siren',
    'entreprise',
    'enseigne',
    'denomination_usuelle',
    'adresse',
    'code_commune',
    'libelle_commune',
    'effectif',
    'effectif_details_tranche_code',
    'effectif_details_tranche_label',
    'effectif_details_tranche_median',
    'effectif_details_valeur_calculee',
    'effectif_details_valeur_saisie',
    'code_naf',
    'libelle_naf',
    'secteur_alternatif',
    'url',
  ],
}

const premisesCriteria = (search: unknown) =>
  toPremisesCriteria(premisesSearchSchema.parse(search) as PremisesSearch)

const local: DatasetModel = {
  type: 'local',
  label: 'Locaux',
  scope: 'fiscal',
  formats: ['json', 'csv'],
  searchSchema: premisesSearchSchema,
  recordSchema: premisesWireSchema,
  capture: (search) =>
    captureStatement(
      selectMatchingPremises(premisesCriteria(search), {
        select: `$1::bigint, (row_number() OVER (ORDER BY l.id))::int, l.id, NULL::int, to_jsonb(l)`,
        firstParam: 2,
      }),
    ),
  count: (search) => {
    const matching = selectMatchingPremises(premisesCriteria(search), { select: '1' })
    return { text: `SELECT count(*)::int AS total FROM (${matching.text}) m`, values: matching.values }
  },
  first: (search, limit) => {
    const matching = selectMatchingPremises(premisesCriteria(search), {
      select: PREMISES_SELECT,
      orderBy: 'l.id',
      firstParam: 2,
    })
    return { text: `${matching.text} LIMIT $1`, values: [limit, ...matching.values] }
  },
  recordsQuery: `SELECT ${PREMISES_SELECT} FROM dataset_record r ${STORED_PREMISES}
    WHERE r.snapshot_id = $1 AND r.position > $2 AND r.position <= $3 ORDER BY r.position`,
  toWire: (row) => serialisePremises(rowToPremises(row as unknown as PremisesRow)),
  csvSelect: `SELECT l.id, l.annee, l.commune, l.codcom, l.invariant, l.parcelle, l.proprietaire,
    l.compte, l.adresse, '${PREMISES_URL_PREFIX}' || l.id AS url
  FROM dataset_record r ${STORED_PREMISES}
  WHERE ${exportRange}
  ORDER BY r.position`,
  csvColumns: [
    'id',
    'annee',
    'commune',
    'codcom',
    'invariant',
    'parcelle',
    'proprietaire',
    'compte',
    'adresse',
    'url',
  ],
}

/** Published offers matching a search, on alias o with its commune c, placeholders after `taken`. */
function publishedOffers(search: unknown, taken: number) {
  const params = new SqlParams(taken)
  const criteria = {
    ...toOfferCriteria(offerSearchSchema.parse(search) as OfferSearch),
    statuses: ['published' as const],
  }
  const where = offerFilter(criteria, params)
  return { from: `offre o LEFT JOIN commune c ON c.code = o.code_commune WHERE ${where}`, params }
}

const offre: DatasetModel = {
  type: 'offre',
  label: 'Offres immobilières publiées',
  scope: 'eco',
  formats: ['json', 'geojson', 'csv'],
  searchSchema: offerSearchSchema,
  recordSchema: offerDetailWireSchema,
  capture: (search) => {
    const { from, params } = publishedOffers(search, 1)
    return captureStatement({
      text: `SELECT $1::bigint, (row_number() OVER (ORDER BY o.reference))::int, o.reference,
        CASE WHEN coalesce(o.lon, c.lon) IS NULL THEN NULL
             ELSE (row_number() OVER (ORDER BY coalesce(o.lon, c.lon), coalesce(o.lat, c.lat), o.reference))::int END,
        ${OFFER_RECORD_SQL}
        FROM ${from}`,
      values: params.values,
    })
  },
  count: (search) => {
    const { from, params } = publishedOffers(search, 0)
    return { text: `SELECT count(*)::int AS total FROM ${from}`, values: params.values }
  },
  first: (search, limit) => {
    const { from, params } = publishedOffers(search, 1)
    return {
      text: `SELECT ${OFFER_RECORD_SQL} AS record FROM ${from} ORDER BY o.reference LIMIT $1`,
      values: [limit, ...params.values],
    }
  },
  recordsQuery: `SELECT r.record FROM dataset_record r
    WHERE r.snapshot_id = $1 AND r.position > $2 AND r.position <= $3 ORDER BY r.position`,
  toWire: (row) => serialiseOfferDetail(offerFromRecord(row.record)),
  csvSelect: `SELECT ${OFFER_CSV_SELECT_LIST}
  FROM dataset_record r
  WHERE ${exportRange}
  ORDER BY r.position`,
  csvColumns: OFFER_CSV_COLUMNS,
  geojson: {
    pointsQuery: `SELECT r.record_id AS reference, r.record->'fields'->>'label' AS label,
        (r.record->>'lon')::double precision AS lon, (r.record->>'lat')::double precision AS lat
      FROM dataset_record r
      WHERE r.snapshot_id = $1 AND r.geo_rank > $2 AND r.geo_rank <= $3 ORDER BY r.geo_rank`,
    write: (points) =>
      offerFeatureCollectionText(
        points as AsyncIterable<{ reference: string; label: string | null; lon: number; lat: number }>,
      ),
  },
}

/** Amount (cents) of the lines of alias `alias` with one of these taxes (and this beneficiary): a CSV column. */
const lineAmount = (alias: string, taxes: readonly string[], beneficiaire?: string) =>
  `coalesce((SELECT sum((x->>'montant')::bigint) FROM jsonb_array_elements(${alias}.lignes) x
     WHERE x->>'taxe' IN (${taxes.map((t) => `'${t}'`).join(', ')})${beneficiaire ? ` AND x->>'beneficiaire' = '${beneficiaire}'` : ''}), 0)`

/**
 * A model's capture, count and first records over `table alias` filtered by `filter`, in the order
 * of the ids. `record` is the JSON kept of each record (default: the whole row), `columns` what the
 * preview reads (default: every column), `geoRanked` gives every record a GeoJSON rank (its position).
 */
function searchQueries<S>(
  table: string,
  alias: string,
  schema: z.ZodType,
  filter: (search: S, params: SqlParams) => string,
  options: { record?: string; columns?: string; geoRanked?: boolean } = {},
) {
  const matching = (search: unknown, taken: number) => {
    const params = new SqlParams(taken)
    const where = filter(schema.parse(search) as S, params)
    return { from: `${table} ${alias} WHERE ${where}`, params }
  }
  const position = `(row_number() OVER (ORDER BY ${alias}.id))::int`
  return {
    capture: (search: unknown) => {
      const { from, params } = matching(search, 1)
      return captureStatement({
        text: `SELECT $1::bigint, ${position}, ${alias}.id, ${options.geoRanked ? position : 'NULL::int'},
            ${options.record ?? `to_jsonb(${alias})`} FROM ${from}`,
        values: params.values,
      })
    },
    count: (search: unknown) => {
      const { from, params } = matching(search, 0)
      return { text: `SELECT count(*)::int AS total FROM ${from}`, values: params.values }
    },
    first: (search: unknown, limit: number) => {
      const { from, params } = matching(search, 1)
      return {
        text: `SELECT ${options.columns ?? `${alias}.*`} FROM ${from} ORDER BY ${alias}.id LIMIT $1`,
        values: [limit, ...params.values],
      }
    },
  }
}

const STORED_TF = `CROSS JOIN LATERAL jsonb_populate_record(NULL::avis_tf, r.record) t`
const STORED_TH = `CROSS JOIN LATERAL jsonb_populate_record(NULL::avis_th, r.record) h`

const TF_LINE_COLUMNS: ReadonlyArray<readonly [string, string, string?]> = [
  ['tfpb_commune_centimes', 'TFPB', 'commune'],
  ['tfpb_intercommunalite_centimes', 'TFPB', 'intercommunalite'],
  ['tfpb_tse_centimes', 'TFPB', 'tse'],
  ['tfpb_gemapi_centimes', 'TFPB', 'gemapi'],
  ['teom_centimes', 'TEOM'],
  ['tfnb_commune_centimes', 'TFNB', 'commune'],
  ['tfnb_intercommunalite_centimes', 'TFNB', 'intercommunalite'],
  ['tfnb_tse_centimes', 'TFNB', 'tse'],
  ['tfnb_gemapi_centimes', 'TFNB', 'gemapi'],
  ['frais_gestion_centimes', 'FRAIS'],
]

const tf: DatasetModel = {
  type: 'tf',
  label: 'Avis de taxe foncière',
  scope: 'fiscal',
  formats: ['json', 'csv'],
  searchSchema: tfSearchSchema,
  recordSchema: tfDatasetRecordSchema,
  ...searchQueries<TfSearch>('avis_tf', 't', tfSearchSchema, tfFilter),
  recordsQuery: `SELECT ${TF_SELECT}, t.lignes FROM dataset_record r ${STORED_TF}
    WHERE r.snapshot_id = $1 AND r.position > $2 AND r.position <= $3 ORDER BY r.position`,
  toWire: (row) => serialiseTfRecord(row as unknown as Parameters<typeof serialiseTfRecord>[0]),
  csvSelect: `SELECT t.id, t.annee, t.codcom, t.commune, t.compte, t.proprietaire, t.base_bati, t.base_non_bati,
    ${TF_LINE_COLUMNS.map(([name, taxe, beneficiaire]) => `${lineAmount('t', [taxe], beneficiaire)} AS ${name}`).join(',\n    ')},
    t.total AS total_centimes, '/v0/tf/' || t.id AS url
  FROM dataset_record r ${STORED_TF}
  WHERE ${exportRange}
  ORDER BY r.position`,
  csvColumns: [
    'id',
    'annee',
    'codcom',
    'commune',
    'compte',
    'proprietaire',
    'base_bati',
    'base_non_bati',
    ...TF_LINE_COLUMNS.map(([name]) => name),
    'total_centimes',
    'url',
  ],
  codeLists: FISCAL_CODES.tf,
  notes: PROPERTY_TAX_NOTES,
}

const TH_LINE_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['commune_centimes', 'commune'],
  ['intercommunalite_centimes', 'intercommunalite'],
  ['tse_centimes', 'tse'],
  ['gemapi_centimes', 'gemapi'],
  ['majoration_centimes', 'majoration'],
]

const th: DatasetModel = {
  type: 'th',
  label: 'Avis de taxe d’habitation (résidences secondaires, logements vacants)',
  scope: 'fiscal',
  formats: ['json', 'csv'],
  searchSchema: thSearchSchema,
  recordSchema: thDatasetRecordSchema,
  ...searchQueries<ThSearch>('avis_th', 'h', thSearchSchema, thFilter),
  recordsQuery: `SELECT ${TH_SELECT}, h.lignes FROM dataset_record r ${STORED_TH}
    WHERE r.snapshot_id = $1 AND r.position > $2 AND r.position <= $3 ORDER BY r.position`,
  toWire: (row) => serialiseThRecord(row as unknown as Parameters<typeof serialiseThRecord>[0]),
  csvSelect: `SELECT h.id, h.annee, h.codcom, h.commune, h.local, h.nature, h.occupant, h.base,
    (h.taux / 1000.0)::float8 AS taux,
    ${TH_LINE_COLUMNS.map(([name, beneficiaire]) => `${lineAmount('h', ['THRS', 'THLV'], beneficiaire)} AS ${name}`).join(',\n    ')},
    ${lineAmount('h', ['FRAIS'])} AS frais_gestion_centimes,
    h.total AS total_centimes, '/v0/th/' || h.id AS url
  FROM dataset_record r ${STORED_TH}
  WHERE ${exportRange}
  ORDER BY r.position`,
  csvColumns: [
    'id',
    'annee',
    'codcom',
    'commune',
    'local',
    'nature',
    'occupant',
    'base',
    'taux',
    ...TH_LINE_COLUMNS.map(([name]) => name),
    'frais_gestion_centimes',
    'total_centimes',
    'url',
  ],
  codeLists: FISCAL_CODES.th,
  notes: HOUSING_TAX_NOTES,
}

// Cadastre ----------------------------------------------------------------------------------------

const STORED_PARCEL = `CROSS JOIN LATERAL jsonb_populate_record(NULL::parcelle, r.record) p`
const STORED_ACCOUNT = `CROSS JOIN LATERAL jsonb_populate_record(NULL::compte_communal, r.record) c`
/** The columns serialiseParcel reads, on alias p. */
const PARCEL_RECORD_COLUMNS = 'p.id, p.codcom, p.commune, p.section, p.numero, p.contenance, p.adresse'
/** The columns serialiseAccount reads, on alias c. */
const ACCOUNT_RECORD_COLUMNS =
  'c.id, c.codcom, c.commune, c.numero, c.personne, c.nom, c.siren, c.titulaires, c.adresse'

type ParcelRecordRow = Parameters<typeof serialiseParcel>[0]

/** The FeatureCollection of a parcel dataset, streamed: each outline as stored, the record as properties. */
async function* parcelFeatureCollectionText(
  rows: AsyncIterable<Record<string, unknown>>,
): AsyncGenerator<string> {
  yield '{"type":"FeatureCollection","features":['
  let first = true
  for await (const row of rows) {
    yield (
      (first ? '' : ',') +
      featureText(row.geometrie as string, serialiseParcel(row as unknown as ParcelRecordRow))
    )
    first = false
  }
  yield ']}'
}

const parcelle: DatasetModel = {
  type: 'parcelle',
  label: 'Parcelles cadastrales',
  scope: 'fiscal',
  formats: ['json', 'geojson', 'csv'],
  searchSchema: parcelSearchSchema,
  recordSchema: parcelWireSchema,
  // Every parcel has an outline: its GeoJSON rank is its position (identifiers' order).
  ...searchQueries<ParcelSearch>('parcelle', 'p', parcelSearchSchema, parcelFilter, {
    record: `to_jsonb(p) - 'emprise'`,
    columns: PARCEL_RECORD_COLUMNS,
    geoRanked: true,
  }),
  recordsQuery: `SELECT ${PARCEL_RECORD_COLUMNS} FROM dataset_record r ${STORED_PARCEL}
    WHERE r.snapshot_id = $1 AND r.position > $2 AND r.position <= $3 ORDER BY r.position`,
  toWire: (row) => serialiseParcel(row as unknown as ParcelRecordRow),
  csvSelect: `SELECT p.id, p.codcom, p.commune, substr(p.section, 6, 3) AS prefixe,
    substr(p.section, 9, 2) AS section, p.numero, p.contenance, p.adresse,
    '${PARCEL_URL_PREFIX}' || p.id AS url
  FROM dataset_record r ${STORED_PARCEL}
  WHERE ${exportRange}
  ORDER BY r.position`,
  csvColumns: ['id', 'codcom', 'commune', 'prefixe', 'section', 'numero', 'contenance', 'adresse', 'url'],
  geojson: {
    pointsQuery: `SELECT ${PARCEL_RECORD_COLUMNS}, p.geometrie FROM dataset_record r ${STORED_PARCEL}
      WHERE r.snapshot_id = $1 AND r.geo_rank > $2 AND r.geo_rank <= $3 ORDER BY r.geo_rank`,
    write: parcelFeatureCollectionText,
  },
  fieldNotes: {
    commune: 'Nom de la commune',
    adresse: 'Adresse de la parcelle (voie principale), ou son lieu-dit',
    url: 'Adresse de la parcelle dans l’API (GET), avec ses locaux et ses comptes communaux',
  },
  csvNotes:
    'Une ligne par parcelle, les colonnes du JSON dans le même ordre. Le contour de la parcelle n’est que dans le GeoJSON : un Polygon ou MultiPolygon par parcelle (WGS 84), propriétés de l’enregistrement JSON.',
}

const prop: DatasetModel = {
  type: 'prop',
  label: 'Comptes communaux (propriétaires)',
  scope: 'fiscal',
  formats: ['json', 'csv'],
  searchSchema: accountSearchSchema,
  recordSchema: accountWireSchema,
  ...searchQueries<AccountSearch>('compte_communal', 'c', accountSearchSchema, accountFilter, {
    columns: ACCOUNT_RECORD_COLUMNS,
  }),
  recordsQuery: `SELECT ${ACCOUNT_RECORD_COLUMNS} FROM dataset_record r ${STORED_ACCOUNT}
    WHERE r.snapshot_id = $1 AND r.position > $2 AND r.position <= $3 ORDER BY r.position`,
  toWire: (row) => serialiseAccount(row as unknown as Parameters<typeof serialiseAccount>[0]),
  // The holders (droits) flattened as the other models' objects are (droits_<champ>), one value per
  // holder in the record's order, separated by " | ".
  csvSelect: `SELECT c.id, c.codcom, c.commune, c.numero, c.personne, c.nom, c.siren,
    (SELECT string_agg(h.t->>'code', ' | ' ORDER BY h.n) FROM jsonb_array_elements(c.titulaires) WITH ORDINALITY AS h(t, n)) AS droits_code,
    (SELECT string_agg(h.t->>'libelle', ' | ' ORDER BY h.n) FROM jsonb_array_elements(c.titulaires) WITH ORDINALITY AS h(t, n)) AS droits_libelle,
    (SELECT string_agg(h.t->>'nom', ' | ' ORDER BY h.n) FROM jsonb_array_elements(c.titulaires) WITH ORDINALITY AS h(t, n)) AS droits_nom,
    c.adresse, '${ACCOUNT_URL_PREFIX}' || c.id AS url
  FROM dataset_record r ${STORED_ACCOUNT}
  WHERE ${exportRange}
  ORDER BY r.position`,
  csvColumns: [
    'id',
    'codcom',
    'commune',
    'numero',
    'personne',
    'nom',
    'siren',
    'droits_code',
    'droits_libelle',
    'droits_nom',
    'adresse',
    'url',
  ],
  fieldNotes: {
    codcom: 'Code commune INSEE',
    commune: 'Nom de la commune',
    personne: 'Personne physique ou morale (voir les codes ci-dessous)',
    droits: 'Titulaires du compte, chacun avec le droit réel ou particulier qu’il détient',
    'droits[].code': 'Code MAJIC du droit (ccodro, voir la liste ci-dessous)',
    'droits[].libelle': 'Libellé du droit',
    'droits[].nom': 'Nom du titulaire',
    adresse: 'Adresse du premier titulaire',
    url: 'Adresse du compte dans l’API (GET), avec ses parcelles et ses locaux',
  },
  codeLists: [
    {
      field: 'personne',
      title: 'Personnes (personne et premier caractère du numéro de compte)',
      codes: [
        {
          code: 'physique',
          label:
            'Personne physique : numéro de compte dans une série de lettres (A00012, B00345…), un ou plusieurs titulaires (propriétaire, usufruitier, nu-propriétaire…)',
        },
        {
          code: 'morale',
          label:
            'Personne morale : numéro de compte commençant par « + » (société, association ; siren renseigné quand elle est une entreprise connue) ou par « * » (personne publique, ex. la commune)',
        },
      ],
    },
    {
      field: 'droits[].code',
      title: 'Codes des droits réels ou particuliers (MAJIC, ccodro)',
      codes: Object.entries(RIGHTS).map(([code, label]) => ({ code, label })),
    },
  ],
  csvNotes:
    'Une ligne par compte. Les titulaires sont aplatis comme les objets des autres modèles (droits_code, droits_libelle, droits_nom) : une valeur par titulaire, dans l’ordre du JSON, séparées par « | ».',
}

const MODELS: Readonly<Record<DatasetModelType, DatasetModel>> = {
  siret,
  local,
  offre,
  parcelle,
  prop,
  tf,
  th,
}

export function datasetModel(type: DatasetModelType): DatasetModel {
  return MODELS[type]
}

/** Address of the description of a model's records (a page of the app). */
export const modelDescriptionUrl = (type: DatasetModelType) => `/modeles/${type}`
