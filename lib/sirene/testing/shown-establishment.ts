// Test support: establishments as the API shows them (the record of GET /v0/eco/sirets/:id, built by
// the search's own read model and serialiser), written in the terms of the fixtures' expectations.
// Database tests read them from the table; end-to-end tests get the records over HTTP.
import { query } from '../../db/pool'
import {
  ESTABLISHMENT_DETAIL_SELECT,
  ESTABLISHMENT_JOINS,
  rowToEstablishmentDetail,
  type EstablishmentDetailRow,
} from '../../establishments/read-model'
import { serialiseEstablishmentDetail, type EstablishmentDetailWire } from '../../establishments/serialise'
import type { ShownEstablishment } from './fixture-files'

export function shownFromRecord(record: EstablishmentDetailWire): ShownEstablishment {
  return {
    siret: record.siret,
    siren: record.siren,
    entreprise: record.entreprise,
    enseigne: record.enseigne,
    denomination_usuelle: record.denomination_usuelle,
    adresse: record.adresse,
    code_commune: record.code_commune,
    libelle_commune: record.libelle_commune,
    effectif: record.effectif,
    effectif_details: record.effectif_details,
    code_naf: record.code_naf,
    libelle_naf: record.libelle_naf,
    position: record.coordonnees ? [record.coordonnees.longitude, record.coordonnees.latitude] : null,
    date_creation: record.date_creation,
    categorie_juridique: record.nature_juridique?.code ?? null,
    etat_administratif: record.etat_administratif === 'actif' ? 'A' : 'F',
    contact: record.contact,
  }
}

/** Every stored establishment as the API shows it, in SIRET order. */
export async function readShownEstablishments(): Promise<ShownEstablishment[]> {
  const { rows } = await query<EstablishmentDetailRow>(
    `SELECT ${ESTABLISHMENT_DETAIL_SELECT} FROM etablissement e ${ESTABLISHMENT_JOINS} ORDER BY e.siret`,
  )
  return rows.map((row) => shownFromRecord(serialiseEstablishmentDetail(rowToEstablishmentDetail(row))))
}
