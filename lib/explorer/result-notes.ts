// What the explorer says about a search beyond its results: why it found nothing when the text looks
// like an identifier (a number of the wrong length, a SIRET or SIREN unknown or mistyped), why a
// page cannot be shown (past the API's 10,000 results, past the last page). What went wrong when
// the server failed is said by lib/queries/bff-client (searchFailureMessage).
import { isValidLuhn } from '../establishments/luhn'
import { lastPage, RESULT_CAP } from './search-state'

/** La Poste's establishments share one SIREN and do not follow the Luhn rule on their SIRET. */
const LA_POSTE_SIREN = '356000000'

/** A free text read as an identifier: how the explorer explains a search for it that found nothing. */
export type IdentifierText =
  | { kind: 'digits'; digits: string }
  | { kind: 'siret'; siret: string; siren: string; checksum: boolean }
  | { kind: 'siren'; siren: string; checksum: boolean }

/** The identifier a free text stands for (digits, spaces and dots only), or null for words. */
export function identifierText(text: string): IdentifierText | null {
  const digits = text.replace(/[\s.]/g, '')
  if (!/^\d+$/.test(digits) || digits.length < 6) return null
  if (digits.length === 14) {
    const siren = digits.slice(0, 9)
    return { kind: 'siret', siret: digits, siren, checksum: siren === LA_POSTE_SIREN || isValidLuhn(digits) }
  }
  if (digits.length === 9) return { kind: 'siren', siren: digits, checksum: isValidLuhn(digits) }
  return { kind: 'digits', digits }
}

const group = (digits: string) => digits.replace(/(\d{3})(\d{3})(\d{3})(\d*)/, '$1 $2 $3 $4').trim()

/**
 * Why a search by an identifier found nothing. `otherCriteria`: the search has criteria besides the
 * text; `exists`: whether the SIRET is known on its own (undefined while unknown).
 */
export function identifierExplanation(
  text: IdentifierText,
  context: { otherCriteria: boolean; exists?: boolean | undefined },
): string {
  if (text.kind === 'digits') {
    const n = text.digits.length
    return (
      `« ${text.digits} » compte ${n} chiffres : un SIRET en compte 14 (le SIREN de 9 chiffres suivi ` +
      `des 5 du NIC), un SIREN 9. ${n < 14 ? `Il manque ${14 - n > 1 ? `${14 - n} chiffres` : 'un chiffre'} pour un SIRET` : 'Il y a trop de chiffres pour un SIRET'} : vérifiez le numéro.`
    )
  }
  if (text.kind === 'siren') {
    return text.checksum
      ? `Aucun établissement de l’entreprise de SIREN ${group(text.siren)} ne correspond${context.otherCriteria ? ' à ces critères' : ' : elle est inconnue de la base (fermée, non diffusible ou numéro mal recopié)'}.`
      : `${group(text.siren)} n’est pas un SIREN valide : sa clé de contrôle ne correspond pas. Vérifiez le numéro (un chiffre mal recopié ou deux inversés).`
  }
  if (!text.checksum) {
    return `${group(text.siret)} n’est pas un SIRET valide : sa clé de contrôle ne correspond pas. Vérifiez le numéro (un chiffre mal recopié ou deux inversés).`
  }
  if (context.otherCriteria && context.exists) {
    return `L’établissement de SIRET ${group(text.siret)} existe, mais ne correspond pas aux autres critères de la recherche.`
  }
  return `Aucun établissement n’a le SIRET ${group(text.siret)} dans la base : il peut être fermé, non diffusible ou mal recopié. Les autres établissements de l’entreprise se trouvent par son SIREN.`
}

/** Why the page asked for cannot be shown, or null when it can. */
export type PageProblem = { kind: 'cap'; lastPage: number } | { kind: 'beyond'; lastPage: number }

/** Pages past the API's RESULT_CAP results are refused; pages past the last one are empty. */
export function pageProblem(page: number, size: number, total?: number): PageProblem | null {
  if (page * size > RESULT_CAP) return { kind: 'cap', lastPage: Math.floor(RESULT_CAP / size) }
  if (total !== undefined && total > 0 && page > lastPage(total, size))
    return { kind: 'beyond', lastPage: lastPage(total, size) }
  return null
}

export function pageProblemMessage(problem: PageProblem, page: number, size: number): string {
  const n = (v: number) => v.toLocaleString('fr-FR')
  if (problem.kind === 'cap') {
    return (
      `La page ${n(page)} n’est pas consultable : l’API ne sert que les ${n(RESULT_CAP)} premiers résultats ` +
      `d’une recherche, soit ${n(problem.lastPage)} pages de ${size}. Un jeu de données de la recherche contient tous ses résultats.`
    )
  }
  return `La page ${n(page)} n’existe pas : cette recherche compte ${n(problem.lastPage)} page${problem.lastPage > 1 ? 's' : ''} de ${size} résultats.`
}
