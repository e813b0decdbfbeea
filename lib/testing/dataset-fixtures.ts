// Test data of the dataset tests: establishments of one company and local premises of one owner,
// with names holding characters Latin-9 has (é, €, œ), Latin-1 has but Latin-9 does not (¤, ½) and
// neither has (’, Ł, 😀), a few without a position and two at the same point. Each call uses its own
// SIREN or owner tag, so tests sharing the database find exactly their rows.
import { copyRows } from '../db/copy'
import { withTransaction } from '../db/pool'
import { siretFor, withLuhnDigit } from '../establishments/identifiers'
import {
  ESTABLISHMENT_COLUMNS,
  establishmentValues,
  type EstablishmentRecord,
} from '../establishments/record'
import { PREMISES_COLUMNS, premisesValues, type PremisesRecord } from '../seed/generate-premises'

const NAMES = [
  'Société Générale de l’Œuvre',
  'Café des Arts € ½',
  'Bœuf & Cœur ¤',
  'Łódź Import 😀',
  'Boulangerie "Au Bon Pain", Rennes',
  'Plain Name',
]

/** A SIREN of its own for each tag (9 digits, valid check digit), starting with 99. */
export function testSiren(tag: number): string {
  return withLuhnDigit(`99${String(tag).padStart(6, '0')}`)
}

export async function insertEstablishments(siren: string, count: number): Promise<EstablishmentRecord[]> {
  const records: EstablishmentRecord[] = Array.from({ length: count }, (_, i) => ({
    siret: siretFor(siren, i),
    siren,
    entreprise: NAMES[i % NAMES.length]!,
    enseigne: i % 3 === 0 ? '' : `Enseigne ${i}`,
    denominationUsuelle: i % 4 === 0 ? null : `Dénomination ${i}`,
    adresse: `${i + 1} RUE DE LA GARE 35000 RENNES`,
    codePostal: '35000',
    codeCommune: '35238',
    libelleCommune: 'Rennes',
    codeNaf: '62.01Z',
    trancheEffectif: i % 2 === 0 ? '11' : 'NN',
    effectifSaisi: i % 5 === 0 ? 12 : null,
    secteurAlternatif: i % 6 === 0 ? 'Numérique' : null,
    // Every seventh has no position; the second and third share one.
    lon: i % 7 === 6 ? null : i === 2 ? -1.6 : -1.6 - i / 1000,
    lat: i % 7 === 6 ? null : i === 2 ? 48.1 : 48.1 + i / 1000,
    dateCreation: '2020-01-15',
    categorieJuridique: '5710',
    etatAdministratif: 'A',
  }))
  await withTransaction((client) =>
    copyRows(client, 'etablissement', ESTABLISHMENT_COLUMNS, records.map(establishmentValues)),
  )
  return records
}

/** Local premises of commune 35238 whose owner names carry `tag` (a word of its own). */
export async function insertPremises(tag: string, count: number, first = 0): Promise<PremisesRecord[]> {
  const records: PremisesRecord[] = Array.from({ length: count }, (_, k) => {
    const i = first + k
    const invariant = `9${tag.replace(/\D/g, '').padStart(4, '0').slice(-4)}${String(i).padStart(5, '0')}`
    return {
      id: `35238${invariant}`,
      annee: i % 2 === 0 ? 2025 : 2024,
      codcom: '35238',
      commune: 'Rennes',
      invariant,
      parcelle: `35238000AB${String(i + 1).padStart(4, '0')}`,
      proprietaire: `SCI ${tag} ${NAMES[i % NAMES.length]}`,
      adresse: `${i + 1} RUE D’ANTRAIN 35000 RENNES`,
    }
  })
  await withTransaction((client) => copyRows(client, 'local', PREMISES_COLUMNS, records.map(premisesValues)))
  return records
}
