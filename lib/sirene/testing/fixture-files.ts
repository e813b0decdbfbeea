// The fixture stock files (lib/sirene/fixtures, real INSEE layouts, every pitfall of the real
// files) and what importing them must give, written as the API shows an establishment (spec §2.4).
// `differencesFromExpected` compares any such view with the expectation: database tests use it on
// the stored rows today; API tests can use it on the search results.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import Papa from 'papaparse'
import { writeZip } from './write-zip'

const FIXTURE_DIR = path.resolve('lib/sirene/fixtures')
export const FIXTURES = {
  etablissements: path.join(FIXTURE_DIR, 'StockEtablissement_utf8.csv'),
  unitesLegales: path.join(FIXTURE_DIR, 'StockUniteLegale_utf8.csv'),
  geolocalisation: path.join(
    FIXTURE_DIR,
    'GeolocalisationEtablissement_Sirene_pour_etudes_statistiques_utf8.csv',
  ),
} as const

/** The fixtures packaged as INSEE publishes them: legal units zipped, positions gzipped. */
export function packagedFixtures(dir: string): {
  etablissements: string
  unitesLegales: string
  geolocalisation: string
} {
  const unitesLegales = path.join(dir, 'StockUniteLegale_utf8.zip')
  writeZip(unitesLegales, 'StockUniteLegale_utf8.csv', fs.readFileSync(FIXTURES.unitesLegales))
  const geolocalisation = path.join(
    dir,
    'GeolocalisationEtablissement_Sirene_pour_etudes_statistiques_utf8.csv.gz',
  )
  fs.writeFileSync(geolocalisation, zlib.gzipSync(fs.readFileSync(FIXTURES.geolocalisation)))
  return { etablissements: FIXTURES.etablissements, unitesLegales, geolocalisation }
}

/**
 * Copies of the fixtures sorted as INSEE publishes its stock files (legal units by SIREN,
 * establishments and positions by SIRET). The sort is stable: repeated keys keep their order, so
 * the same row of each is the last. `descending` sorts that file the other way (not sorted as the
 * merge needs, its repeated keys still in the same order).
 */
export function sortedFixtures(
  dir: string,
  descending?: keyof typeof FIXTURES,
): { etablissements: string; unitesLegales: string; geolocalisation: string } {
  const keys = { etablissements: 'siret', unitesLegales: 'siren', geolocalisation: 'siret' } as const
  const out = {} as Record<keyof typeof FIXTURES, string>
  for (const kind of Object.keys(FIXTURES) as Array<keyof typeof FIXTURES>) {
    const text = fs.readFileSync(FIXTURES[kind], 'utf8')
    const delimiter = kind === 'geolocalisation' ? ';' : ','
    const [header, ...rows] = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true }).data
    const at = header!.indexOf(keys[kind])
    const order = kind === descending ? -1 : 1
    rows.sort((a, b) => order * (a[at]! < b[at]! ? -1 : a[at]! > b[at]! ? 1 : 0))
    out[kind] = path.join(
      dir,
      `${kind === descending ? 'decroissant' : 'trie'}-${path.basename(FIXTURES[kind])}`,
    )
    fs.writeFileSync(out[kind], Papa.unparse([header!, ...rows], { delimiter, newline: '\n' }) + '\n')
  }
  return out
}

/** A copy of the establishments fixture cut by a malformed record half-way through. */
export function corruptEstablishments(dir: string): string {
  const lines = fs.readFileSync(FIXTURES.etablissements, 'utf8').trimEnd().split('\n')
  const middle = Math.floor(lines.length / 2)
  const corrupt = [
    ...lines.slice(0, middle),
    '812345676,00033,81234567600033,O,"unterminated',
    ...lines.slice(middle),
  ]
  const file = path.join(dir, 'StockEtablissement_corrompu.csv')
  fs.writeFileSync(file, corrupt.join('\n') + '\n')
  return file
}

/** An establishment as the API shows it (the fields this import fills). */
export interface ShownEstablishment {
  siret: string
  siren: string
  entreprise: string
  enseigne: string
  denomination_usuelle: string | null
  adresse: string
  code_commune: string
  libelle_commune: string
  effectif: number | string
  effectif_details: {
    tranche_code: string
    tranche_label: string
    tranche_median: number
    valeur_calculee: null
    valeur_saisie: number | null
  }
  code_naf: string
  libelle_naf: string
  /** [longitude, latitude], or null when the establishment is not placed on the map. */
  position: [number, number] | null
  date_creation: string | null
  categorie_juridique: string | null
  etat_administratif: 'A' | 'F'
  /** SIRENE carries no contact information: always no e-mail, no telephone, no website. */
  contact: { emails: string[]; telephones: string[]; website: string | null }
}

const band = (
  code: string,
  label: string,
  median: number,
): Pick<ShownEstablishment, 'effectif' | 'effectif_details'> => ({
  effectif: label,
  effectif_details: {
    tranche_code: code,
    tranche_label: label,
    tranche_median: median,
    valeur_calculee: null,
    valeur_saisie: null,
  },
})
const NN = band('NN', 'Unité non employeuse', 0)

/** Every establishment the fixtures must give, by SIRET. */
/** What the fixtures give an establishment (its contact is always none: checked apart). */
type ExpectedEstablishment = Omit<ShownEstablishment, 'contact'>

export const EXPECTED: Readonly<Record<string, ExpectedEstablishment>> = {
  // Quotes and a comma in the company name, a semicolon in the sign, repetition index, street type.
  '81234567600017': {
    siret: '81234567600017',
    siren: '812345676',
    entreprise: 'LES "DELICES" DU CANAL, SARL',
    enseigne: "AU PAIN D'OR BOULANGERIE; PATISSERIE",
    denomination_usuelle: 'DELICES DU CANAL',
    adresse: '12 BIS AVENUE DE LA GARE 35000 RENNES',
    code_commune: '35238',
    libelle_commune: 'Rennes',
    ...band('03', '6 à 9 salariés', 8),
    code_naf: '10.71C',
    libelle_naf: 'Boulangerie et boulangerie-pâtisserie',
    position: [-1.67412, 48.10301],
    date_creation: '2015-03-02',
    categorie_juridique: '5499',
    etat_administratif: 'A',
  },
  // Closed (left out by --only-active).
  '81234567600025': {
    siret: '81234567600025',
    siren: '812345676',
    entreprise: 'LES "DELICES" DU CANAL, SARL',
    enseigne: '',
    denomination_usuelle: null,
    adresse: '3 BOULEVARD JEAN MOULIN 44100 NANTES',
    code_commune: '44109',
    libelle_commune: 'Nantes',
    ...NN,
    code_naf: '10.71C',
    libelle_naf: 'Boulangerie et boulangerie-pâtisserie',
    position: [-1.54862, 47.2294],
    date_creation: '2016-09-01',
    categorie_juridique: '5499',
    etat_administratif: 'F',
  },
  // Natural person with a name in use; municipal district; empty headcount band.
  '81234568400011': {
    siret: '81234568400011',
    siren: '812345684',
    entreprise: 'Marie MARTIN (DUPONT)',
    enseigne: '',
    denomination_usuelle: null,
    adresse: 'BATIMENT C 45 CHEMIN DES PEUPLIERS 69003 LYON',
    code_commune: '69383',
    libelle_commune: 'Lyon 3e Arrondissement',
    ...NN,
    code_naf: '96.02A',
    libelle_naf: 'Coiffure',
    position: [4.85371, 45.75938],
    date_creation: '2019-11-20',
    categorie_juridique: '1000',
    etat_administratif: 'A',
  },
  // Partially diffusible natural person: no name, no street, no sign, no position (the
  // geolocation file has one).
  '81234569200014': {
    siret: '81234569200014',
    siren: '812345692',
    entreprise: 'Nom non diffusible',
    enseigne: '',
    denomination_usuelle: null,
    adresse: '33000 BORDEAUX',
    code_commune: '33063',
    libelle_commune: 'Bordeaux',
    ...NN,
    code_naf: '62.01Z',
    libelle_naf: 'Programmation informatique',
    position: null,
    date_creation: '2021-06-15',
    categorie_juridique: '1000',
    etat_administratif: 'A',
  },
  // Former commune code (Annecy-le-Vieux, merged into Annecy); duplicated row and duplicated
  // position: the last of each wins; accents removed from the street name.
  '81234570000015': {
    siret: '81234570000015',
    siren: '812345700',
    entreprise: 'ALPES MECANIQUE',
    enseigne: 'ALPES MECA',
    denomination_usuelle: null,
    adresse: '8 ROUTE DE THONES 74940 ANNECY-LE-VIEUX',
    code_commune: '74010',
    libelle_commune: 'Annecy',
    ...band('12', '20 à 49 salariés', 35),
    code_naf: '25.62B',
    libelle_naf: 'Mécanique industrielle',
    position: [6.14035, 45.91624],
    date_creation: '1998-04-01',
    categorie_juridique: '5710',
    etat_administratif: 'A',
  },
  // Activity in NAF rév. 1: the legal unit's NAF rév. 2 activity is used; no position.
  '81234571800025': {
    siret: '81234571800025',
    siren: '812345718',
    entreprise: 'EXPORT SERVICES',
    enseigne: '',
    denomination_usuelle: null,
    adresse: '1 QUAI DU PORT 13001 MARSEILLE',
    code_commune: '13201',
    libelle_commune: 'Marseille 1er Arrondissement',
    ...band('01', '1 ou 2 salariés', 2),
    code_naf: '46.90Z',
    libelle_naf: 'Commerce de gros (commerce interentreprises) non spécialisé',
    position: null,
    date_creation: '2003-01-01',
    categorie_juridique: '5499',
    etat_administratif: 'A',
  },
  // Overseas: UTM 40S (La Réunion), 20N (Martinique), 22N (Guyane), 38S (Mayotte).
  ...overseas(
    '81234572600010',
    '5 RUE DE PARIS 97400 SAINT-DENIS',
    '97411',
    'Saint-Denis',
    [55.447, -20.93306],
    band('11', '10 à 19 salariés', 15),
  ),
  ...overseas(
    '81234572600028',
    '2 PLACE DE LA SAVANE 97200 FORT-DE-FRANCE',
    '97209',
    'Fort-de-France',
    [-61.0625, 14.62959],
    NN,
  ),
  ...overseas(
    '81234572600036',
    '7 AVENUE DU GENERAL DE GAULLE 97300 CAYENNE',
    '97302',
    'Cayenne',
    [-52.31773, 4.92752],
    NN,
  ),
  ...overseas(
    '81234572600044',
    'LIEU DIT KAWENI 97600 MAMOUDZOU',
    '97611',
    'Mamoudzou',
    [45.19395, -12.78978],
    NN,
  ),
  // Legal unit listed twice (the last row wins); positions missing, unreadable, in an unknown
  // projection: not placed.
  ...quimper('81234575900011', '2 TER PLACE SAINT-CORENTIN 29000 QUIMPER', '1975-06-21'),
  ...quimper('81234575900029', '14 RUE KEREON 29000 QUIMPER', '2012-05-14'),
  ...quimper('81234575900037', '3 ALLEE DES TILLEULS 29000 QUIMPER', '2012-05-14'),
}

function overseas(
  siret: string,
  adresse: string,
  code: string,
  libelle: string,
  position: [number, number],
  effectif: Pick<ShownEstablishment, 'effectif' | 'effectif_details'>,
): Record<string, ExpectedEstablishment> {
  return {
    [siret]: {
      siret,
      siren: '812345726',
      entreprise: 'ILES ET OCEANS',
      enseigne: '',
      denomination_usuelle: 'ILES & OCEANS',
      adresse,
      code_commune: code,
      libelle_commune: libelle,
      ...effectif,
      code_naf: '55.10Z',
      libelle_naf: 'Hôtels et hébergement similaire',
      position,
      date_creation: '2012-05-14',
      categorie_juridique: '5710',
      etat_administratif: 'A',
    },
  }
}

function quimper(siret: string, adresse: string, date: string): Record<string, ExpectedEstablishment> {
  return {
    [siret]: {
      siret,
      siren: '812345759',
      entreprise: 'AMICALE DES SONNEURS DE QUIMPER',
      enseigne: '',
      denomination_usuelle: null,
      adresse,
      code_commune: '29232',
      libelle_commune: 'Quimper',
      ...NN,
      code_naf: '94.99Z',
      libelle_naf: 'Autres organisations fonctionnant par adhésion volontaire',
      position: null,
      date_creation: date,
      categorie_juridique: '9220',
      etat_administratif: 'A',
    },
  }
}

/** SIRETs of the fixtures that must not be imported, with the reason. */
export const NOT_IMPORTED: Readonly<Record<string, string>> = {
  '81234571800017': 'adresse à l’étranger',
  '81234573400014': 'activité inconnue ou hors NAF rév. 2',
  '81234574200017': 'unité légale absente du fichier',
  '81234575900045': 'identifiant invalide',
  '81234577500017': 'non diffusible',
}

/** Differences between how an establishment is shown and what the fixtures must give (empty: none). */
const NO_CONTACT = { emails: [], telephones: [], website: null }

export function differencesFromExpected(shown: ShownEstablishment): string[] {
  const expected = EXPECTED[shown.siret]
  if (!expected) return [`${shown.siret}: not an establishment of the fixtures`]
  const differences: string[] = []
  if (JSON.stringify(shown.contact) !== JSON.stringify(NO_CONTACT))
    differences.push(`${shown.siret} contact: expected none, got ${JSON.stringify(shown.contact)}`)
  for (const key of Object.keys(expected) as Array<keyof ExpectedEstablishment>) {
    const want = expected[key]
    const got = shown[key]
    const same =
      key === 'position' && Array.isArray(want) && Array.isArray(got)
        ? Math.abs(want[0] - got[0]) < 1e-5 && Math.abs(want[1] - got[1]) < 1e-5
        : JSON.stringify(want) === JSON.stringify(got)
    if (!same)
      differences.push(`${shown.siret} ${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`)
  }
  return differences
}
