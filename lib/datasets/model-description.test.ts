// The /modeles/{type} pages' content: every field of the cadastre's models described in French,
// the fields of each holder of an account (droits[].…), every MAJIC right code and both kinds of
// persons, and the CSV columns of each model.
import { describe, expect, it } from 'vitest'
import { RIGHTS } from '../cadastre/rights'
import { describeModel } from './model-description'
import { DATASET_MODELS } from './models'

describe('model descriptions', () => {
  it('describes every field of the parcelle and prop models', () => {
    for (const type of ['parcelle', 'prop'] as const) {
      const model = describeModel(type)
      expect(model.scope).toBe('fiscal')
      for (const field of model.fields)
        expect(field.description, `${type}.${field.name}`).toMatch(/\p{L}{3}/u)
    }
    expect(describeModel('parcelle').formats).toEqual([
      'application/json',
      'application/geo+json',
      'text/csv',
    ])
    expect(describeModel('prop').formats).toEqual(['application/json', 'text/csv'])
  })

  it('lists the holders’ fields, every right code and the kinds of persons of prop', () => {
    const model = describeModel('prop')
    expect(model.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['droits', 'droits[].code', 'droits[].libelle', 'droits[].nom']),
    )
    expect(model.fields.find((f) => f.name === 'droits')?.type).toBe('liste (object)')
    const rights = model.codeLists.find((l) => l.field === 'droits[].code')!
    expect(Object.fromEntries(rights.codes.map((c) => [c.code, c.label]))).toEqual(RIGHTS)
    const persons = model.codeLists.find((l) => l.field === 'personne')!
    expect(persons.codes.map((c) => c.code)).toEqual(['physique', 'morale'])
    expect(model.csvColumns).toEqual(expect.arrayContaining(['droits_code', 'droits_libelle', 'droits_nom']))
  })

  it('lists codes for the models whose records hold codes, and only for them', () => {
    for (const type of ['siret', 'local', 'offre', 'parcelle'] as const) {
      expect(describeModel(type).codeLists).toEqual([])
    }
    expect(DATASET_MODELS.filter((type) => describeModel(type).codeLists.length > 0)).toEqual([
      'prop',
      'tf',
      'th',
    ])
  })

  it('explains every tax and beneficiary code of the notices, with the rules of calculation', () => {
    for (const type of ['tf', 'th'] as const) {
      const description = describeModel(type)
      const fields = description.codeLists.map((list) => list.field)
      expect(fields).toEqual(expect.arrayContaining(['lignes.taxe', 'lignes.beneficiaire', 'affectation']))
      for (const list of description.codeLists) {
        expect(list.codes.length).toBeGreaterThan(0)
        for (const entry of list.codes) expect(entry.label.length).toBeGreaterThan(3)
      }
      expect(description.notes.length).toBeGreaterThan(0)
    }
    expect(describeModel('tf').notes.join(' ')).toMatch(/abattement de 50 %/)
    expect(describeModel('tf').notes.join(' ')).toMatch(/abattement de 20 %/)
  })
})
