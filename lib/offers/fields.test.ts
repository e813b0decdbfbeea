// The fields of an offer as POST /eco/immo/offres reads them: JSON and form bodies through the one
// body reader and input parser, every issue reported at once (422), enums naming their values.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../http/api-error'
import { parseBody } from '../http/body'
import { parseInput } from '../http/input'
import { createOfferBodySchema, frenchDate } from './fields'

function parse(raw: string, contentType: string) {
  return parseInput(
    { body: createOfferBodySchema },
    {
      params: {},
      searchParams: new URLSearchParams(),
      body: parseBody(Buffer.from(raw), contentType, { accepted: ['json', 'form'] }),
    },
    { undeclared: 'refuse', absentBody: 'empty-object', invalidBody: 'unprocessable' },
  ).body as ReturnType<typeof createOfferBodySchema.parse>
}

function issues(raw: string, contentType = 'application/json') {
  try {
    parse(raw, contentType)
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('accepted')
}

const JSON_OFFER = {
  offre: {
    local_type: 'bureaux',
    transaction_types: ['acheter'],
    surface: 900,
    label: 'Bureaux de 900m2',
    number: '2',
    voie: "RUE DE L'EGLISE",
    code_commune: '61167',
    tags: ['PMR (Personne à Mobilité Réduite)', 'Vitrine', 'Quai de chargement'],
    disponibilite: '30-09-2026',
    prix_de_vente: 1250000.5,
    divisible_at: 300,
    contact_offers_attributes: [
      {
        type: 'commercialisateur',
        name: 'Jeanne Martin',
        email: 'jeanne@exemple.fr',
        phone: '02 99 00 11 22',
      },
    ],
  },
}

const FORM_OFFER = [
  'offre[local_type]=bureaux',
  'offre[transaction_types][]=acheter',
  'offre[surface]=900',
  'offre[label]=Bureaux+de+900m2',
  'offre[number]=2',
  "offre[voie]=RUE+DE+L'EGLISE",
  'offre[code_commune]=61167',
  'offre[tags][]=PMR+(Personne+%C3%A0+Mobilit%C3%A9+R%C3%A9duite)',
  'offre[tags][]=Vitrine',
  'offre[tags][]=Quai+de+chargement',
  'offre[disponibilite]=30-09-2026',
  'offre[prix_de_vente]=1250000,50',
  'offre[divisible_at]=300',
  'offre[annee_de_construction]=',
  'offre[contact_offers_attributes][0][type]=commercialisateur',
  'offre[contact_offers_attributes][0][name]=Jeanne+Martin',
  'offre[contact_offers_attributes][0][email]=jeanne@exemple.fr',
  'offre[contact_offers_attributes][0][phone]=02+99+00+11+22',
].join('&')

describe('offer fields', () => {
  it('reads the same offer from JSON and from a form', () => {
    const fromJson = parse(JSON.stringify(JSON_OFFER), 'application/json')
    const fromForm = parse(FORM_OFFER, 'application/x-www-form-urlencoded')
    expect(fromForm).toEqual(fromJson)
    expect(fromJson.offre.disponibilite).toBe('2026-09-30')
    expect(fromJson.offre.annee_de_construction).toBeUndefined()
    expect(frenchDate(fromJson.offre.disponibilite!)).toBe('30-09-2026')
  })

  it('takes a single form value for a list', () => {
    const offer = parse(
      'offre[local_type]=entrepot&offre[transaction_types]=louer&offre[surface]=5000&offre[tags]=Cour',
      'application/x-www-form-urlencoded',
    )
    expect(offer.offre).toMatchObject({ transaction_types: ['louer'], tags: ['Cour'] })
  })

  it('reports every field issue at once with 422, enums with their accepted values', () => {
    const error = issues(
      JSON.stringify({
        offre: {
          local_type: 'chateau',
          transaction_types: ['troquer'],
          surface: 'grand',
          disponibilite: '31-02-2026',
          website: 'ftp://exemple.fr',
          code_commune: '123',
          latitude: 48,
          contact_offers_attributes: [{ type: 'cousin', name: '' }],
          couleur: 'bleu',
        },
      }),
    )
    expect(error.status).toBe(422)
    const byPath = Object.fromEntries((error.options.errors ?? []).map((e) => [e.path, e.message]))
    expect(byPath['offre.local_type']).toContain('bureaux, local_commercial')
    expect(byPath['offre.transaction_types.0']).toContain('acheter, louer')
    expect(byPath['offre.surface']).toContain('nombre entier')
    expect(byPath['offre.disponibilite']).toContain('n’existe pas')
    expect(byPath['offre.website']).toContain('http')
    expect(byPath['offre.code_commune']).toContain('5 caractères')
    expect(byPath['offre.contact_offers_attributes.0.type']).toContain('proprietaire')
    expect(byPath['offre.contact_offers_attributes.0.name']).toBeDefined()
    expect(byPath['offre']).toContain('couleur')
    // The accepted fields named are the current ones, not the former name of website.
    expect(byPath['offre']).toContain('website')
    expect(byPath['offre']).not.toContain('site_internet')
    expect(error.options.errors?.every((e) => e.location === 'body')).toBe(true)
  })

  it('names the required fields of an empty offer, and of a missing one', () => {
    const error = issues(JSON.stringify({ offre: {} }))
    expect(error.options.errors?.map((e) => e.path).sort()).toEqual([
      'offre.local_type',
      'offre.surface',
      'offre.transaction_types',
    ])
    expect(issues('{}').options.errors?.map((e) => e.path)).toEqual(['offre'])
  })

  it('keeps malformed JSON a 400 and another media type a 415', () => {
    expect(issues('{"offre":').status).toBe(400)
    expect(issues('<offre/>', 'application/xml').status).toBe(415)
  })

  it('checks a position given by halves and the divisibility against the surface', () => {
    const error = issues(
      JSON.stringify({
        offre: {
          local_type: 'bureaux',
          transaction_types: ['louer'],
          surface: 100,
          latitude: 48.1,
          divisible_at: 200,
        },
      }),
    )
    expect(error.options.errors?.map((e) => e.path).sort()).toEqual(['offre.divisible_at', 'offre.longitude'])
  })

  it('reads website and divisible_at (0.13.0), and the former name site_internet as website', () => {
    const base = { local_type: 'bureaux', transaction_types: ['louer'], surface: 400, divisible_at: 120 }
    const site = 'https://www.exemple.fr/offres/42'
    const current = parse(JSON.stringify({ offre: { ...base, website: site } }), 'application/json').offre
    expect(current).toMatchObject({ website: site, divisible_at: 120 })
    const former = parse(
      JSON.stringify({ offre: { ...base, site_internet: site } }),
      'application/json',
    ).offre
    expect(former).toEqual(current)
    expect('site_internet' in former).toBe(false)
    const both = parse(
      JSON.stringify({ offre: { ...base, website: site, site_internet: site } }),
      'application/json',
    )
    expect(both.offre).toEqual(current)
    const form = parse(
      `offre[local_type]=bureaux&offre[transaction_types][]=louer&offre[surface]=400&offre[divisible_at]=120&offre[website]=${encodeURIComponent(site)}`,
      'application/x-www-form-urlencoded',
    )
    expect(form.offre).toEqual(current)
  })

  it('refuses two different websites under the current and the former name', () => {
    const error = issues(
      JSON.stringify({
        offre: {
          local_type: 'bureaux',
          transaction_types: ['louer'],
          surface: 100,
          website: 'https://a.exemple.fr',
          site_internet: 'https://b.exemple.fr',
        },
      }),
    )
    expect(error.status).toBe(422)
    expect(error.options.errors?.map((e) => [e.path, e.message])).toEqual([
      ['offre.site_internet', 'site_internet est l’ancien nom de website : envoyer website seul.'],
    ])
  })
})
