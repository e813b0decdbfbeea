import { describe, expect, it } from 'vitest'
import { identifierExplanation, identifierText, pageProblem, pageProblemMessage } from './result-notes'

const nbsp = (s: string) => s.replace(/\s/g, ' ')

describe('identifiers that found nothing', () => {
  it('reads digits, SIRET and SIREN texts (spaces and dots allowed), not words', () => {
    expect(identifierText('boulangerie')).toBeNull()
    expect(identifierText('75001')).toBeNull()
    expect(identifierText('1234567890123')).toEqual({ kind: 'digits', digits: '1234567890123' })
    expect(identifierText('732 829 320 00074')).toEqual({
      kind: 'siret',
      siret: '73282932000074',
      siren: '732829320',
      checksum: true,
    })
    expect(identifierText('73282932000075')).toMatchObject({ kind: 'siret', checksum: false })
    expect(identifierText('732.829.320')).toEqual({ kind: 'siren', siren: '732829320', checksum: true })
    // La Poste's SIRETs do not follow the Luhn rule.
    expect(identifierText('35600000000048')).toMatchObject({ kind: 'siret', checksum: true })
  })

  it('explains a number of the wrong length', () => {
    expect(identifierExplanation({ kind: 'digits', digits: '1234567890123' }, { otherCriteria: false })).toBe(
      '« 1234567890123 » compte 13 chiffres : un SIRET en compte 14 (le SIREN de 9 chiffres suivi des 5 du NIC), ' +
        'un SIREN 9. Il manque un chiffre pour un SIRET : vérifiez le numéro.',
    )
    expect(
      identifierExplanation({ kind: 'digits', digits: '123456789012' }, { otherCriteria: false }),
    ).toContain('Il manque 2 chiffres')
    expect(
      identifierExplanation({ kind: 'digits', digits: '123456789012345' }, { otherCriteria: false }),
    ).toContain('trop de chiffres')
  })

  it('tells a mistyped SIRET from an unknown one, and one that other criteria leave out', () => {
    const unknown = identifierText('73282932000074')!
    expect(identifierExplanation(unknown, { otherCriteria: false })).toBe(
      'Aucun établissement n’a le SIRET 732 829 320 00074 dans la base : il peut être fermé, non diffusible ou mal recopié. ' +
        'Les autres établissements de l’entreprise se trouvent par son SIREN.',
    )
    expect(identifierExplanation(identifierText('73282932000075')!, { otherCriteria: false })).toBe(
      '732 829 320 00075 n’est pas un SIRET valide : sa clé de contrôle ne correspond pas. ' +
        'Vérifiez le numéro (un chiffre mal recopié ou deux inversés).',
    )
    expect(identifierExplanation(unknown, { otherCriteria: true, exists: true })).toBe(
      'L’établissement de SIRET 732 829 320 00074 existe, mais ne correspond pas aux autres critères de la recherche.',
    )
    expect(identifierExplanation(identifierText('732829321')!, { otherCriteria: false })).toContain(
      'n’est pas un SIREN valide',
    )
  })
})

describe('pages that cannot be shown', () => {
  it('refuses pages past the 10,000th result and says which is the last', () => {
    expect(pageProblem(200, 50)).toBeNull()
    expect(pageProblem(201, 50)).toEqual({ kind: 'cap', lastPage: 200 })
    expect(nbsp(pageProblemMessage({ kind: 'cap', lastPage: 200 }, 201, 50))).toBe(
      'La page 201 n’est pas consultable : l’API ne sert que les 10 000 premiers résultats d’une recherche, ' +
        'soit 200 pages de 50. Un jeu de données de la recherche contient tous ses résultats.',
    )
  })

  it('says when a page is past the last one', () => {
    expect(pageProblem(5, 50, 120)).toEqual({ kind: 'beyond', lastPage: 3 })
    expect(pageProblem(3, 50, 120)).toBeNull()
    expect(pageProblem(2, 50, 0)).toBeNull()
    expect(pageProblemMessage({ kind: 'beyond', lastPage: 3 }, 5, 50)).toBe(
      'La page 5 n’existe pas : cette recherche compte 3 pages de 50 résultats.',
    )
  })
})
