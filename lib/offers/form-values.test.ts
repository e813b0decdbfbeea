import { describe, expect, it } from 'vitest'
import { EMPTY_OFFER, offerFormBody, offerFormValues } from './form-values'
import { offerDetailWireSchema, type OfferDetailWire } from './serialise'

const NULLS = Object.fromEntries(
  Object.keys(offerDetailWireSchema.shape).map((key) => [key, null]),
) as unknown as OfferDetailWire

/** A pending offer as an application posts it: no contact, most fields left out. */
const posted: OfferDetailWire = {
  ...NULLS,
  id: '2026-11-00004',
  reference: '2026-11-00004',
  local_type: 'bureaux',
  label: 'Plateau de bureaux',
  code_commune: '35238',
  libelle_commune: 'Rennes',
  surface: 240,
  transaction_types: ['louer'],
  tags: [],
  status: 'pending_validation',
  contacts: [],
  created_at: '2026-11-26T09:00:00Z',
  url: '/v0/eco/immo/offres/2026-11-00004',
}

describe('offer form values', () => {
  it('fill every field of the form, as text, for an offer without contact', () => {
    const values = offerFormValues(posted)
    expect(Object.keys(values).sort()).toEqual(Object.keys(EMPTY_OFFER).sort())
    for (const [key, value] of Object.entries(values)) {
      if (key !== 'transaction_types') expect(typeof value, key).toBe('string')
    }
    expect(values).toMatchObject({ surface: '240', label: 'Plateau de bureaux', voie: '', contact_name: '' })
  })

  it('give back the offer’s fields once edited, with no contact when none is named', () => {
    const values = { ...offerFormValues(posted), surface: '260', tags: 'Vitrine, , Parking ' }
    expect(offerFormBody(values)).toEqual({
      local_type: 'bureaux',
      transaction_types: ['louer'],
      surface: '260',
      label: 'Plateau de bureaux',
      code_commune: '35238',
      tags: ['Vitrine', 'Parking'],
    })
  })

  it('keep a contact and its numbers', () => {
    const values = offerFormValues({
      ...posted,
      taxe_fonciere: 1200.5,
      contacts: [{ type: 'proprietaire', name: 'SCI Les Lices', email: null, phone: '02 99 00 00 00' }],
    } as OfferDetailWire)
    const body = offerFormBody(values)
    expect(body.taxe_fonciere).toBe('1200.5')
    expect(body.contact_offers_attributes).toEqual([
      { type: 'proprietaire', name: 'SCI Les Lices', email: '', phone: '02 99 00 00 00' },
    ])
  })
})
