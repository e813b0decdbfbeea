import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { TELEPHONE_PATTERN } from '../establishments/contact'
import { communeOutlines, referenceData } from '../territory/reference-data'
import { generateContact, landlineZone, slug, type ContactSubject } from './generate-contact'
import { generateEstablishments } from './generate-establishments'

const ref = referenceData()
const rows = [
  ...generateEstablishments({
    count: 6000,
    seed: 4,
    communes: ref.communes,
    outlines: communeOutlines(),
    naf: ref.naf,
  }),
]
const departementOf = new Map(ref.communes.map((c) => [c.code, c.departement]))
const contacts = rows.map((r) => r.contact!)
const WEBMAILS =
  /@(gmail\.com|orange\.fr|wanadoo\.fr|free\.fr|sfr\.fr|laposte\.net|hotmail\.fr|yahoo\.fr|outlook\.fr)$/

/** The national form of a written number: +33 X… → 0X…, +590 590… → 0590…. */
const national = (written: string) =>
  written.startsWith('+33 ')
    ? `0${written.slice(4).replace(/ /g, '')}`
    : written.startsWith('+')
      ? `0${written.split(' ').slice(1).join('')}`
      : written.replace(/ /g, '')

describe('generateContact', () => {
  const subject: ContactSubject = {
    siret: '81234567600017',
    siren: '812345676',
    entreprise: 'Boulangerie Lefèvre SARL',
    personne: false,
    departement: '35',
    libelleCommune: 'Rennes',
    first: true,
  }

  it('is deterministic for a seed and an establishment, and differs with the seed', () => {
    expect(generateContact(subject, 1)).toEqual(generateContact(subject, 1))
    const seeds = Array.from({ length: 20 }, (_, seed) => JSON.stringify(generateContact(subject, seed)))
    expect(new Set(seeds).size).toBeGreaterThan(5)
  })

  it('gives about a third of establishments no contact at all', () => {
    const none = contacts.filter((c) => c.emails.length === 0 && c.telephones.length === 0 && !c.website)
    expect(none.length / rows.length).toBeGreaterThan(0.28)
    expect(none.length / rows.length).toBeLessThan(0.4)
    // An establishment with a contact has at least a number or an address.
    for (const c of contacts) if (c.website) expect(c.emails.length + c.telephones.length).toBeGreaterThan(0)
  })

  it('writes French numbers: 10 digits, landlines with their region’s prefix, mobiles 06/07', () => {
    const numbers = rows.flatMap((r) =>
      r.contact!.telephones.map((t) => ({ t, d: departementOf.get(r.codeCommune)! })),
    )
    expect(numbers.length).toBeGreaterThan(3000)
    let mobiles = 0
    let international = 0
    for (const { t, d } of numbers) {
      expect(t).toMatch(TELEPHONE_PATTERN)
      const n = national(t)
      expect(n).toMatch(/^0[1-9]\d{8}$/)
      if (t.startsWith('+')) international++
      if (/^0[67]/.test(n)) {
        mobiles++
        if (d.length === 2) expect(n).toMatch(/^0[67]/)
      } else if (d.length === 2) {
        expect(n.slice(0, 2)).toBe(landlineZone(d))
      }
    }
    expect(mobiles / numbers.length).toBeGreaterThan(0.2)
    expect(mobiles / numbers.length).toBeLessThan(0.6)
    expect(international / numbers.length).toBeGreaterThan(0.15)
    expect(international / numbers.length).toBeLessThan(0.45)
    expect(rows.some((r) => r.contact!.telephones.length === 2)).toBe(true)
  })

  it('maps departments to the numbering plan’s zones', () => {
    expect(['75', '92', '95'].map(landlineZone)).toEqual(['01', '01', '01'])
    expect(['35', '29', '76', '44', '45'].map(landlineZone)).toEqual(['02', '02', '02', '02', '02'])
    expect(['59', '67', '21', '51'].map(landlineZone)).toEqual(['03', '03', '03', '03'])
    expect(['13', '69', '06', '2A', '34', '38'].map(landlineZone)).toEqual([
      '04',
      '04',
      '04',
      '04',
      '04',
      '04',
    ])
    expect(['33', '31', '64', '87'].map(landlineZone)).toEqual(['05', '05', '05', '05'])
    expect(['971', '972', '973', '974', '976'].map(landlineZone)).toEqual(['05', '05', '05', '02', '02'])
  })

  it('gives e-mail addresses on the company’s own domain or on a webmail', () => {
    const emails = rows.flatMap((r) => r.contact!.emails.map((e) => ({ e, r })))
    expect(emails.length).toBeGreaterThan(2000)
    let webmail = 0
    for (const { e, r } of emails) {
      expect(z.email().safeParse(e).success, e).toBe(true)
      if (WEBMAILS.test(e)) webmail++
      else
        expect(e.split('@')[1]!.split('.')[0]).toBe(
          slug(r.entreprise.replace(/\s+(SARL|SASU|SAS|EURL|SCI|SA|Association)$/, ''))
            .slice(0, 40)
            .replace(/-+$/, ''),
        )
    }
    expect(webmail / emails.length).toBeGreaterThan(0.15)
    expect(webmail / emails.length).toBeLessThan(0.7)
  })

  it('gives a website to some, the same for every establishment of a company', () => {
    const sites = contacts.filter((c) => c.website !== null)
    expect(sites.length / rows.length).toBeGreaterThan(0.1)
    expect(sites.length / rows.length).toBeLessThan(0.4)
    for (const c of sites) expect(c.website).toMatch(/^https?:\/\/(www\.)?[a-z0-9-]+\.(fr|com|eu|net|bzh)$/)
    const byCompany = new Map<string, Set<string | null>>()
    for (const r of rows) {
      const set = byCompany.get(r.siren) ?? new Set()
      if (r.contact!.emails.length + r.contact!.telephones.length > 0) set.add(r.contact!.website)
      byCompany.set(r.siren, set)
    }
    expect([...byCompany.values()].every((s) => s.size <= 1)).toBe(true)
  })
})
