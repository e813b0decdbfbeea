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

  it('keeps the other models’ pages as they were (no code lists)', () => {
    for (const type of DATASET_MODELS.filter((t) => t !== 'prop')) {
      expect(describeModel(type).codeLists).toEqual([])
    }
  })
})
