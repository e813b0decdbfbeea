// Postal address of an establishment written the French way (norme AFNOR NF Z 10-011, as INSEE
// publishes it): "12 BIS AVENUE DE LA GARE 35000 RENNES". SIRENE files give the street type as an
// abbreviation (typeVoieEtablissement) and the repetition index as one letter; both are expanded.

const STREET_TYPES: Readonly<Record<string, string>> = {
  ALL: 'ALLEE',
  AV: 'AVENUE',
  BD: 'BOULEVARD',
  CAR: 'CARREFOUR',
  CHE: 'CHEMIN',
  CHS: 'CHAUSSEE',
  CITE: 'CITE',
  COR: 'CORNICHE',
  CRS: 'COURS',
  DOM: 'DOMAINE',
  DSC: 'DESCENTE',
  ECA: 'ECART',
  ESP: 'ESPLANADE',
  FG: 'FAUBOURG',
  GR: 'GRANDE RUE',
  HAM: 'HAMEAU',
  HLE: 'HALLE',
  IMP: 'IMPASSE',
  LD: 'LIEU DIT',
  LOT: 'LOTISSEMENT',
  MAR: 'MARCHE',
  MTE: 'MONTEE',
  PARC: 'PARC',
  PAS: 'PASSAGE',
  PASS: 'PASSAGE',
  PL: 'PLACE',
  PLN: 'PLAINE',
  PLT: 'PLATEAU',
  PRO: 'PROMENADE',
  PRV: 'PARVIS',
  QUA: 'QUARTIER',
  QUAI: 'QUAI',
  RES: 'RESIDENCE',
  RLE: 'RUELLE',
  ROC: 'ROCADE',
  RPT: 'ROND POINT',
  RTE: 'ROUTE',
  RUE: 'RUE',
  SEN: 'SENTIER',
  SQ: 'SQUARE',
  TPL: 'TERRE PLEIN',
  TRA: 'TRAVERSE',
  VLA: 'VILLA',
  VLGE: 'VILLAGE',
}

const REPETITION_INDICES: Readonly<Record<string, string>> = {
  B: 'BIS',
  T: 'TER',
  Q: 'QUATER',
  C: 'QUINQUIES',
}

export interface AddressParts {
  numero?: string | null
  /** One letter (B, T, Q, C) or a word (BIS, TER). */
  indiceRepetition?: string | null
  /** Abbreviation (AV, BD, …) or full word. */
  typeVoie?: string | null
  libelleVoie?: string | null
  complement?: string | null
  codePostal?: string | null
  commune?: string | null
}

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()

/** Address lines are upper case without diacritics, as the postal norm and SIRENE write them. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/

export function postalUpperCase(value: string): string {
  // Most register values are plain ASCII already (bulk imports call this millions of times).
  if (PLAIN_ASCII.test(value)) return value.toUpperCase()
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘]/g, "'")
    .replace(/Œ/gi, 'OE')
    .replace(/Æ/gi, 'AE')
    .toUpperCase()
}

export function expandStreetType(typeVoie: string): string {
  const key = clean(typeVoie).toUpperCase()
  return STREET_TYPES[key] ?? key
}

export function formatAddress(parts: AddressParts): string {
  const indice = clean(parts.indiceRepetition).toUpperCase()
  const street = [
    clean(parts.numero),
    REPETITION_INDICES[indice] ?? indice,
    parts.typeVoie ? expandStreetType(parts.typeVoie) : '',
    postalUpperCase(clean(parts.libelleVoie)),
  ]
    .filter(Boolean)
    .join(' ')
  const city = [clean(parts.codePostal), postalUpperCase(clean(parts.commune))].filter(Boolean).join(' ')
  return [postalUpperCase(clean(parts.complement)), street, city].filter(Boolean).join(' ')
}
