// An establishment as stored (one row of table etablissement), in domain names. Serialisers turn it
// into the wire shape of spec §2.4; the generator and the SIRENE importer produce it.
import type { CopyValue } from '../db/copy'

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
}

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
] as const

export function establishmentValues(r: EstablishmentRecord): CopyValue[] {
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
  ]
}
