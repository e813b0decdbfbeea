// Synthetic contact information of establishments, shaped like a business directory's: about a third
// with none; telephone numbers in the French formats (national "0X XX XX XX XX" or "+33 X XX XX XX
// XX"), landlines with the prefix of the establishment's region (01 Île-de-France, 02 north-west,
// 03 north-east, 04 south-east, 05 south-west, overseas 0590/0596/0594/0262/0269), mobiles 06/07;
// e-mail addresses on a domain derived from the company name, or on a webmail; a website for some.
// Deterministic: drawn from streams keyed by the seed and the SIREN (what a company shares: domain,
// website) or the SIRET (each establishment's numbers), so the rest of the generated data is unchanged.
import type { EstablishmentContact } from '../establishments/contact'
import { createRandom, type Random } from './random'
import { FIRST_NAMES, SURNAMES } from './words'

export interface ContactSubject {
  siret: string
  siren: string
  entreprise: string
  /** Whether the company is a natural person (its name is a first name and a surname). */
  personne: boolean
  departement: string
  libelleCommune: string
  /** The company's first establishment (its other ones may have a mailbox named after their town). */
  first: boolean
}

/** A 32-bit FNV-1a hash: the seed of a stream per key. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

const stream = (seed: number, key: string): Random => createRandom(hash(`${seed}:${key}`))

// Telephone zones of metropolitan departments (ARCEP numbering plan); the rest is 04 or overseas.
// prettier-ignore
const ZONE_BY_DEPARTEMENT: Readonly<Record<string, string>> = Object.fromEntries([
  ...['75', '77', '78', '91', '92', '93', '94', '95'].map((d) => [d, '1']),
  ...['14', '18', '22', '27', '28', '29', '35', '36', '37', '41', '44', '45', '49', '50', '53', '56', '61',
    '72', '76', '85'].map((d) => [d, '2']),
  ...['02', '08', '10', '21', '25', '39', '51', '52', '54', '55', '57', '58', '59', '60', '62', '67', '68',
    '70', '71', '80', '88', '89', '90'].map((d) => [d, '3']),
  ...['09', '12', '16', '17', '19', '23', '24', '31', '32', '33', '40', '46', '47', '64', '65', '79', '81',
    '82', '86', '87'].map((d) => [d, '5']),
])

/** Overseas departments: landline prefix, mobile prefixes and country calling code. */
const OVERSEAS: Readonly<Record<string, { fixe: string; mobiles: readonly string[]; indicatif: string }>> = {
  '971': { fixe: '0590', mobiles: ['0690', '0691'], indicatif: '590' },
  '972': { fixe: '0596', mobiles: ['0696', '0697'], indicatif: '596' },
  '973': { fixe: '0594', mobiles: ['0694'], indicatif: '594' },
  '974': { fixe: '0262', mobiles: ['0692', '0693'], indicatif: '262' },
  '976': { fixe: '0269', mobiles: ['0639'], indicatif: '262' },
}

/** The two-digit zone of landlines in a department: 01 to 05 (02 also serves 974 and 976). */
export function landlineZone(departement: string): string {
  const overseas = OVERSEAS[departement]
  if (overseas) return overseas.fixe.slice(0, 2)
  return `0${ZONE_BY_DEPARTEMENT[departement] ?? '4'}`
}

const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => String(random.int(0, 9))).join('')

/** A ten-digit national number starting with `prefix`, whose subscriber part does not begin with 0. */
function nationalNumber(random: Random, prefix: string): string {
  return prefix + String(random.int(1, 9)) + digits(random, 10 - prefix.length - 1)
}

/** "0X XX XX XX XX", or "+33 X XX XX XX XX" (overseas "+590 590 XX XX XX") for some directories. */
function written(random: Random, national: string, departement: string): string {
  const pairs = national.match(/\d{2}/g)!.join(' ')
  if (!random.chance(0.3)) return pairs
  const overseas = OVERSEAS[departement]
  if (overseas)
    return `+${overseas.indicatif} ${national.slice(1, 4)} ${national.slice(4).match(/\d{2}/g)!.join(' ')}`
  return `+33 ${pairs.slice(1)}`
}

function telephone(random: Random, departement: string, mobile: boolean): string {
  const overseas = OVERSEAS[departement]
  const prefix = overseas
    ? mobile
      ? random.pick(overseas.mobiles)
      : overseas.fixe
    : mobile
      ? random.pick(['06', '06', '07'])
      : landlineZone(departement)
  return written(random, nationalNumber(random, prefix), departement)
}

const WEBMAILS = [
  'gmail.com',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  'hotmail.fr',
  'yahoo.fr',
  'outlook.fr',
]
const LEGAL_SUFFIX = /\s+(?:SARL|SASU|SAS|EURL|SCI|SA|Association)$/u
const ROLE_MAILBOXES = [
  'contact',
  'contact',
  'info',
  'accueil',
  'direction',
  'commercial',
  'secretariat',
  'administration',
]

/** Lower-case ASCII words of a text (accents dropped, apostrophes and other signs as separators). */
export function slug(text: string, separator = '-'): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[æÆ]/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .join(separator)
}

/** The company's own domain: its name without the legal form, as a host name. */
export function companyDomain(entreprise: string, random: Random): string {
  const name = slug(entreprise.replace(LEGAL_SUFFIX, '')).slice(0, 40).replace(/-+$/, '')
  const tld = random.next() < 0.72 ? 'fr' : random.next() < 0.85 ? 'com' : random.pick(['eu', 'net', 'bzh'])
  return `${name || 'entreprise'}.${tld}`
}

function personalMailbox(random: Random, first: string, last: string): string {
  const f = slug(first, '')
  const l = slug(last, '')
  switch (random.int(0, 3)) {
    case 0:
      return `${f}.${l}`
    case 1:
      return `${f[0]}.${l}`
    case 2:
      return `${f}${l}${random.int(1, 99)}`
    default:
      return `${l}.${f}`
  }
}

/**
 * The contact information of an establishment. Establishments of one company share its domain and
 * website; each has its own numbers and mailbox.
 */
export function generateContact(subject: ContactSubject, seed: number): EstablishmentContact {
  const company = stream(seed, subject.siren)
  const own = stream(seed, subject.siret)
  if (own.chance(0.34)) return { emails: [], telephones: [], website: null }

  // The company's presence: its own domain (most companies, few sole traders), a website on it.
  const ownDomain = subject.personne ? company.chance(0.15) : company.chance(0.7)
  const domain = companyDomain(subject.entreprise, company)
  const website = ownDomain && company.chance(subject.personne ? 0.5 : 0.6)
  const address = `${company.chance(0.85) ? 'https' : 'http'}://${company.chance(0.8) ? 'www.' : ''}${domain}`
  const [first, ...rest] = subject.personne ? subject.entreprise.split(' ') : []
  const person = subject.personne
    ? { first: first!, last: rest.join(' ') || first! }
    : { first: company.pick(FIRST_NAMES), last: company.pick(SURNAMES) }

  const telephones: string[] = []
  if (own.chance(0.9)) {
    const mobileFirst = own.chance(subject.personne ? 0.6 : 0.2)
    telephones.push(telephone(own, subject.departement, mobileFirst))
    if (own.chance(0.25)) telephones.push(telephone(own, subject.departement, !mobileFirst))
  }

  const emails: string[] = []
  if (own.chance(0.65) || telephones.length === 0) {
    if (ownDomain) {
      // A chain's other establishments often have a mailbox named after their town.
      const mailbox =
        !subject.first && own.chance(0.4)
          ? slug(subject.libelleCommune, '-')
          : own.chance(0.25)
            ? personalMailbox(own, person.first, person.last)
            : own.pick(ROLE_MAILBOXES)
      emails.push(`${mailbox}@${domain}`)
      if (own.chance(0.12)) emails.push(`${personalMailbox(own, person.first, person.last)}@${domain}`)
    } else {
      emails.push(`${personalMailbox(own, person.first, person.last)}@${company.pick(WEBMAILS)}`)
    }
  }

  return {
    emails,
    telephones,
    website: website ? address : null,
  }
}
