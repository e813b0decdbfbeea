// An establishment as stored (one row of table etablissement), in domain names. Serialisers turn it
// into the wire shape of spec §2.4; the generator and the SIRENE importer produce it.
import type { CopyValue } from '../db/copy'
import type { EstablishmentContact } from './contact'
import { normaliseName, normaliseNullable } from '../text/normalise'

export interface EstablishmentRecord {
  siret: string
  siren: string
  entreprise: string
  enseigne: string
  denominationUsuelle: string | null
  adresse: string
  codePostal: string | null
  codeCommune: string
  libelleCommune: string
  codeNaf: string
  trancheEffectif: string
  effectifSaisi: number | null
  secteurAlternatif: string | null
  lon: number | null
  lat: number | null
  dateCreation: string | null
  categorieJuridique: string | null
  etatAdministratif: 'A' | 'F'
  /** Contact information; absent when there is none (SIRENE carries none). */
  contact?: EstablishmentContact
}

/** The stored normalised names, in the order of `NormalisedNames`. */
const NAME_SEARCH_COLUMNS = [
  'entreprise_norm',
  'enseigne_norm',
  'denomination_norm',
  'nom_recherche',
] as const

/** Columns of table etablissement written by bulk loads, in the order of `establishmentValues`. */
export const ESTABLISHMENT_COLUMNS = [
  'siret',
  'siren',
  'entreprise',
  'enseigne',
  'denomination_usuelle',
  'adresse',
  'code_postal',
  'code_commune',
  'libelle_commune',
  'code_naf',
  'tranche_effectif',
  'effectif_saisi',
  'secteur_alternatif',
  'lon',
  'lat',
  'date_creation',
  'categorie_juridique',
  'etat_administratif',
  ...NAME_SEARCH_COLUMNS,
] as const

/** The normalised names search reads (lib/text/normalise), stored beside the names they come from. */
export interface NormalisedNames {
  entreprise: string
  enseigne: string
  denomination: string | null
  /** The three names in one text, for the trigram index of the name search. */
  recherche: string
}

function normalisedNames(
  r: Pick<EstablishmentRecord, 'entreprise' | 'enseigne' | 'denominationUsuelle'>,
): NormalisedNames {
  const entreprise = normaliseName(r.entreprise)
  const enseigne = normaliseName(r.enseigne)
  const denomination = normaliseNullable(r.denominationUsuelle)
  return { entreprise, enseigne, denomination, recherche: searchText(entreprise, enseigne, denomination) }
}

/**
 * The search text of three normalised names: normaliseName of the names joined by spaces, which
 * is the non-empty ones joined by one space (the SQL build of the import writes the same).
 */
function searchText(entreprise: string, enseigne: string, denomination: string | null): string {
  return [entreprise, enseigne, denomination ?? ''].filter((name) => name !== '').join(' ')
}

export function establishmentValues(r: EstablishmentRecord): CopyValue[] {
  const names = normalisedNames(r)
  return [
    r.siret,
    r.siren,
    r.entreprise,
    r.enseigne,
    r.denominationUsuelle,
    r.adresse,
    r.codePostal,
    r.codeCommune,
    r.libelleCommune,
    r.codeNaf,
    r.trancheEffectif,
    r.effectifSaisi,
    r.secteurAlternatif,
    r.lon,
    r.lat,
    r.dateCreation,
    r.categorieJuridique,
    r.etatAdministratif,
    names.entreprise,
    names.enseigne,
    names.denomination,
    names.recherche,
  ]
}

/**
 * The contact columns (migration 0065), written beside ESTABLISHMENT_COLUMNS by loads that have
 * contacts (the synthetic data). The SIRENE import writes ESTABLISHMENT_COLUMNS only: its rows keep
 * the columns' defaults, no contact.
 */
export const CONTACT_COLUMNS = ['contact_emails', 'contact_telephones', 'contact_website'] as const

export const ESTABLISHMENT_WITH_CONTACT_COLUMNS = [...ESTABLISHMENT_COLUMNS, ...CONTACT_COLUMNS] as const

/** The values of ESTABLISHMENT_WITH_CONTACT_COLUMNS for a record. */
export function establishmentWithContactValues(r: EstablishmentRecord): CopyValue[] {
  const contact = r.contact
  return [
    ...establishmentValues(r),
    contact?.emails ?? [],
    contact?.telephones ?? [],
    contact?.website ?? null,
  ]
}
