// Test support: an imported establishment read from the database and written the way the API
// shows it (spec §2.4: company and trade names, address, commune, NAF code and label, headcount
// band with label and median, `effectif` as the entered value or else the band label), plus the
// stored position and the other stored columns the API serialises.
import { query } from '../../db/pool'
import type { ShownEstablishment } from './fixture-files'

interface Row {
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
  tranche_label: string
  tranche_median: number
  effectif_saisi: number | null
  lon: number | null
  lat: number | null
  date_creation: string | null
  categorie_juridique: string | null
  etat_administratif: 'A' | 'F'
}

export async function readShownEstablishments(): Promise<ShownEstablishment[]> {
  const { rows } = await query<Row>(
    `SELECT e.siret, e.siren, e.entreprise, e.enseigne, e.denomination_usuelle, e.adresse, e.code_commune,
            e.libelle_commune, e.code_naf, n.libelle AS libelle_naf, e.tranche_effectif,
            t.libelle AS tranche_label, t.mediane AS tranche_median, e.effectif_saisi, e.lon, e.lat,
            e.date_creation, e.categorie_juridique, e.etat_administratif
       FROM etablissement e
       JOIN naf n ON n.code = e.code_naf
       JOIN tranche_effectif t ON t.code = e.tranche_effectif
      ORDER BY e.siret`,
  )
  return rows.map((r) => ({
    siret: r.siret,
    siren: r.siren,
    entreprise: r.entreprise,
    enseigne: r.enseigne,
    denomination_usuelle: r.denomination_usuelle,
    adresse: r.adresse,
    code_commune: r.code_commune,
    libelle_commune: r.libelle_commune,
    effectif: r.effectif_saisi ?? r.tranche_label,
    effectif_details: {
      tranche_code: r.tranche_effectif,
      tranche_label: r.tranche_label,
      tranche_median: r.tranche_median,
      valeur_calculee: null,
      valeur_saisie: r.effectif_saisi,
    },
    code_naf: r.code_naf,
    libelle_naf: r.libelle_naf,
    position: r.lon === null || r.lat === null ? null : [r.lon, r.lat],
    date_creation: r.date_creation,
    categorie_juridique: r.categorie_juridique,
    etat_administratif: r.etat_administratif,
  }))
}
