// Reading establishments: the one SELECT list (with the NAF label and the headcount band joined)
// and the row → domain mapper. Every query that returns establishments uses these.
import type { EstablishmentContact } from './contact'
import { legalCategoryLabel } from './legal-categories'

/** Columns for `FROM etablissement e`; add ESTABLISHMENT_JOINS to the FROM clause. */
export const ESTABLISHMENT_SELECT = `e.siret, e.siren, e.entreprise, e.enseigne, e.denomination_usuelle, e.adresse,
  e.code_commune, e.libelle_commune, e.code_naf, coalesce(n.libelle, '') AS libelle_naf,
  e.tranche_effectif, coalesce(t.libelle, e.tranche_effectif) AS tranche_libelle, coalesce(t.mediane, 0) AS tranche_mediane,
  e.effectif_saisi, e.secteur_alternatif, e.lon, e.lat, e.date_creation, e.categorie_juridique, e.etat_administratif`

/** ESTABLISHMENT_SELECT and the contact columns: the record of GET /v0/eco/sirets/:id. */
export const ESTABLISHMENT_DETAIL_SELECT = `${ESTABLISHMENT_SELECT},
  e.contact_emails, e.contact_telephones, e.contact_website`

export const ESTABLISHMENT_JOINS = `LEFT JOIN naf n ON n.code = e.code_naf
  LEFT JOIN tranche_effectif t ON t.code = e.tranche_effectif`

export interface EstablishmentRow {
  siret: string
  siren: string
  entreprise: string
  enseigne: string
  denomination_usuelle: string | null
  adresse: string
  code_commune: string
  libelle_commune: string
  code_naf: string
  libelle_naf: string
  tranche_effectif: string
  tranche_libelle: string
  tranche_mediane: number
  effectif_saisi: number | null
  secteur_alternatif: string | null
  lon: number | null
  lat: number | null
  date_creation: string | null
  categorie_juridique: string | null
  etat_administratif: 'A' | 'F'
}

export interface EstablishmentDetailRow extends EstablishmentRow {
  contact_emails: string[]
  contact_telephones: string[]
  contact_website: string | null
}

export interface Establishment {
  siret: string
  siren: string
  entreprise: string
  enseigne: string
  denominationUsuelle: string | null
  adresse: string
  codeCommune: string
  libelleCommune: string
  codeNaf: string
  libelleNaf: string
  tranche: { code: string; libelle: string; mediane: number }
  effectifSaisi: number | null
  secteurAlternatif: string | null
  position: { longitude: number; latitude: number } | null
  dateCreation: string | null
  natureJuridique: { code: string; libelle: string | null } | null
  actif: boolean
}

export function rowToEstablishment(row: EstablishmentRow): Establishment {
  return {
    siret: row.siret,
    siren: row.siren,
    entreprise: row.entreprise,
    enseigne: row.enseigne,
    denominationUsuelle: row.denomination_usuelle,
    adresse: row.adresse,
    codeCommune: row.code_commune,
    libelleCommune: row.libelle_commune,
    codeNaf: row.code_naf,
    libelleNaf: row.libelle_naf,
    tranche: { code: row.tranche_effectif, libelle: row.tranche_libelle, mediane: row.tranche_mediane },
    effectifSaisi: row.effectif_saisi,
    secteurAlternatif: row.secteur_alternatif,
    position: row.lon !== null && row.lat !== null ? { longitude: row.lon, latitude: row.lat } : null,
    dateCreation: row.date_creation,
    natureJuridique: row.categorie_juridique
      ? { code: row.categorie_juridique, libelle: legalCategoryLabel(row.categorie_juridique) }
      : null,
    actif: row.etat_administratif === 'A',
  }
}

/** An establishment with its contact information (the record of GET /v0/eco/sirets/:id). */
export interface EstablishmentDetail extends Establishment {
  contact: EstablishmentContact
}

export function rowToEstablishmentDetail(row: EstablishmentDetailRow): EstablishmentDetail {
  return {
    ...rowToEstablishment(row),
    contact: {
      emails: row.contact_emails,
      telephones: row.contact_telephones,
      website: row.contact_website,
    },
  }
}
