// Matching a typed text to NAF rév. 2 activities the way people name them: by code (with or without
// the dot), by the words of the official label whatever their ending (« restaurant » finds
// « Restauration traditionnelle », « coiffeur » finds « Coiffure »), and by the common names of
// trades the labels do not use (« garage », « pharmacie », « plombier »…). Pure: the caller gives the
// nomenclature (lib/territory/lookup reads it from the database once).
import { normaliseName } from '../text/normalise'

export interface NafEntry {
  code: string
  libelle: string
}

/**
 * Common names of activities whose label says it otherwise, by NAF code. The words are matched
 * like the label's (stems), so singular, plural and feminine forms need not be listed.
 */
export const NAF_COMMON_NAMES: Readonly<Record<string, readonly string[]>> = {
  '56.10A': ['restaurant', 'brasserie', 'bistrot', 'crêperie', 'pizzeria'],
  '56.10B': ['cantine', 'self-service'],
  '56.10C': ['fast-food', 'snack', 'kebab', 'restauration rapide', 'sandwicherie', 'restaurant rapide'],
  '56.30Z': ['bar', 'café', 'pub', 'buvette'],
  '10.71C': ['boulanger', 'boulangerie'],
  '10.71D': ['pâtissier'],
  '96.02A': ['coiffeur', 'salon de coiffure', 'barbier'],
  '96.02B': ['esthéticienne', 'institut de beauté', 'onglerie'],
  '45.20A': ['garage', 'garagiste', 'mécanicien auto', 'carrosserie'],
  '45.20B': ['garage poids lourds'],
  '45.11Z': ['concessionnaire automobile', 'garage vente voitures'],
  '47.73Z': ['pharmacie', 'pharmacien'],
  '86.21Z': ['médecin', 'généraliste', 'docteur'],
  '86.23Z': ['dentiste', 'chirurgien-dentiste', 'orthodontiste'],
  '86.90E': ['kinésithérapeute', 'kiné', 'podologue', 'orthophoniste'],
  '86.90D': ['infirmier', 'infirmière', 'sage-femme'],
  '86.90A': ['ambulancier'],
  '75.00Z': ['vétérinaire'],
  '69.10Z': ['avocat', 'notaire', 'huissier', 'cabinet juridique'],
  '69.20Z': ['expert-comptable', 'comptable', 'cabinet comptable'],
  '71.11Z': ['architecte'],
  '43.22A': ['plombier', 'plomberie'],
  '43.22B': ['chauffagiste', 'climatisation'],
  '43.21A': ['électricien'],
  '43.99C': ['maçon', 'maçonnerie'],
  '43.32A': ['menuisier', 'menuiserie'],
  '43.34Z': ['peintre en bâtiment', 'vitrier'],
  '43.91A': ['charpentier'],
  '47.22Z': ['boucher', 'boucherie'],
  '10.13B': ['charcutier', 'charcuterie'],
  '47.23Z': ['poissonnier', 'poissonnerie'],
  '47.21Z': ['primeur'],
  '47.11B': ['épicerie', 'épicier'],
  '47.11C': ['supérette'],
  '47.11D': ['supermarché'],
  '47.11F': ['hypermarché'],
  '47.26Z': ['tabac', 'bureau de tabac', 'buraliste'],
  '47.30Z': ['station-service', 'station essence'],
  '47.61Z': ['librairie', 'libraire'],
  '47.62Z': ['marchand de journaux', 'presse'],
  '47.76Z': ['fleuriste', 'animalerie', 'jardinerie'],
  '47.78A': ['opticien', 'lunetterie'],
  '47.75Z': ['parfumerie'],
  '47.71Z': ['boutique de vêtements', 'prêt-à-porter'],
  '96.01B': ['pressing', 'teinturerie', 'laverie'],
  '96.03Z': ['pompes funèbres'],
  '85.53Z': ['auto-école', 'permis de conduire'],
  '55.10Z': ['hôtel', 'hôtellerie'],
  '55.30Z': ['camping'],
  '93.13Z': ['salle de sport', 'fitness', 'musculation'],
  '49.32Z': ['taxi', 'VTC'],
  '88.91A': ['crèche', 'halte-garderie', 'micro-crèche'],
  '85.20Z': ['école primaire', 'école élémentaire'],
  '85.10Z': ['école maternelle'],
  '85.31Z': ['collège', 'lycée'],
  '68.31Z': ['agence immobilière', 'agent immobilier'],
  '64.19Z': ['banque', 'agence bancaire'],
  '66.22Z': ['agent d’assurances', 'courtier'],
  '62.01Z': ['développeur', 'développement logiciel', 'éditeur de logiciels'],
  '87.10A': ['EHPAD', 'maison de retraite'],
  '86.10Z': ['hôpital', 'clinique'],
  '88.10A': ['aide à domicile', 'auxiliaire de vie'],
  '81.21Z': ['ménage', 'nettoyage'],
  '81.30Z': ['paysagiste', 'jardinier'],
  '56.21Z': ['traiteur'],
  '74.20Z': ['photographe'],
}

/** Words that carry no meaning in a label or a query. */
const STOP_WORDS = new Set([
  'A',
  'AU',
  'AUX',
  'D',
  'DE',
  'DES',
  'DU',
  'EN',
  'ET',
  'L',
  'LA',
  'LE',
  'LES',
  'OU',
  'PAR',
  'POUR',
  'SUR',
  'UN',
  'UNE',
])

/** Endings removed by stem(), longest first. */
const SUFFIXES = [
  'ATIONS',
  'ATRICES',
  'ATEURS',
  'EMENTS',
  'ATION',
  'ATRICE',
  'ATEUR',
  'EMENT',
  'ERIES',
  'IERES',
  'EUSES',
  'IQUES',
  'ISTES',
  'ANTES',
  'ERIE',
  'IERE',
  'IERS',
  'EUSE',
  'EURS',
  'URES',
  'AGES',
  'ANTS',
  'ANTE',
  'IQUE',
  'ISTE',
  'IENS',
  'IENNE',
  'IEN',
  'IER',
  'EUR',
  'URE',
  'AGE',
  'ANT',
  'AUX',
  'ERS',
  'IES',
  'ER',
  'IE',
  'ES',
  'S',
  'E',
  'X',
]

/**
 * A light stem of a normalised French word: its usual derivational or inflectional ending removed
 * (once), keeping at least 4 letters, so that the names of a trade, its activity and their plurals
 * meet (RESTAURANT, RESTAURATION → RESTAUR; COIFFEUR, COIFFURE → COIFF; BOULANGER, BOULANGERIE →
 * BOULANG). Words of 4 letters or less are kept whole.
 */
export function stem(word: string): string {
  if (word.length <= 4) return word
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length)
  }
  return word
}

/** The meaningful words of a text, normalised (accents, case, punctuation) then stemmed. */
export function stems(text: string): string[] {
  const normalised = normaliseName(text)
  if (normalised === '') return []
  return normalised
    .split(' ')
    .filter((w) => !STOP_WORDS.has(w))
    .map(stem)
}

/**
 * Whether a word of the query meets a word of a label: the label's word starts with it (a word
 * being typed, « restau ») or, for a complete word, their stems are equal.
 */
function wordMeets(queryStem: string, labelStem: string): boolean {
  return labelStem.startsWith(queryStem) || (labelStem.length >= 4 && queryStem.startsWith(labelStem))
}

const allMeet = (query: readonly string[], label: readonly string[]) =>
  query.length > 0 && query.every((q) => label.some((l) => wordMeets(q, l)))

interface IndexedEntry extends NafEntry {
  compactCode: string
  normalised: string
  labelStems: string[]
  names: Array<{ normalised: string; stems: string[] }>
}

export interface NafIndex {
  entries: IndexedEntry[]
}

/** The nomenclature prepared for matching (once per process). */
export function indexNaf(entries: readonly NafEntry[]): NafIndex {
  return {
    entries: entries.map((e) => ({
      ...e,
      compactCode: e.code.replace('.', ''),
      normalised: normaliseName(e.libelle),
      labelStems: stems(e.libelle),
      names: (NAF_COMMON_NAMES[e.code] ?? []).map((n) => ({ normalised: normaliseName(n), stems: stems(n) })),
    })),
  }
}

/**
 * The activities matching `text`, best first: the exact code, codes starting with it, a common
 * name equal to the text, the label equal to it, a label starting with it, every word of the text
 * in the label (by stem), every word in a common name; ties in code order.
 */
export function matchNaf(index: NafIndex, text: string, limit = 20): NafEntry[] {
  const compact = text.replace(/[\s.]/g, '').toUpperCase()
  const code = /^\d{2}\d{0,2}[A-Z]?$/.test(compact) ? compact : ''
  const normalised = normaliseName(text)
  const queryStems = stems(text)
  const ranked: Array<{ entry: IndexedEntry; rank: number }> = []
  for (const entry of index.entries) {
    let rank = 9
    if (code && entry.compactCode === code) rank = 0
    else if (code && entry.compactCode.startsWith(code)) rank = 1
    else if (normalised === '') rank = 9
    else if (entry.names.some((n) => n.normalised === normalised)) rank = 2
    else if (entry.normalised === normalised) rank = 3
    else if (entry.normalised.startsWith(normalised)) rank = 4
    else if (allMeet(queryStems, entry.labelStems)) rank = 5
    else if (entry.names.some((n) => allMeet(queryStems, n.stems))) rank = 6
    if (rank < 9) ranked.push({ entry, rank })
  }
  ranked.sort((a, b) => a.rank - b.rank || a.entry.code.localeCompare(b.entry.code))
  return ranked.slice(0, limit).map(({ entry }) => ({ code: entry.code, libelle: entry.libelle }))
}
