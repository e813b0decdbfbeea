// Rows of the cadastre's tables as bulk loads write them (lib/db/copy), in column order.
import { extentOf, geometryText, boxLiteral } from '../cadastre/geometry'
import type { CopyValue } from '../db/copy'
import type { AccountRecord, ParcelRecord, PlacedPremises, SectionRecord } from './generate-cadastre'
import { PREMISES_COLUMNS, premisesValues } from './generate-premises'

export const SECTION_COLUMNS = [
  'id',
  'codcom',
  'prefixe',
  'code',
  'contenance',
  'geometrie',
  'emprise',
] as const

export function sectionValues(s: SectionRecord): CopyValue[] {
  return [
    s.id,
    s.codcom,
    s.prefixe,
    s.code,
    s.contenance,
    geometryText(s.geometry),
    boxLiteral(extentOf(s.geometry)),
  ]
}

export const PARCEL_COLUMNS = [
  'id',
  'codcom',
  'commune',
  'section',
  'numero',
  'contenance',
  'adresse',
  'compte',
  'geometrie',
  'emprise',
] as const

export function parcelValues(p: ParcelRecord): CopyValue[] {
  return [
    p.id,
    p.codcom,
    p.commune,
    p.section,
    p.numero,
    p.contenance,
    p.adresse,
    p.compte,
    geometryText(p.geometry),
    boxLiteral(extentOf(p.geometry)),
  ]
}

export const ACCOUNT_COLUMNS = [
  'id',
  'codcom',
  'commune',
  'numero',
  'personne',
  'nom',
  'siren',
  'titulaires',
  'adresse',
] as const

export function accountValues(a: AccountRecord): CopyValue[] {
  return [
    a.id,
    a.codcom,
    a.commune,
    a.numero,
    a.personne,
    a.nom,
    a.siren,
    JSON.stringify(a.titulaires),
    a.adresse,
  ]
}

export const PLACED_PREMISES_COLUMNS = [...PREMISES_COLUMNS, 'compte'] as const

export function placedPremisesValues(p: PlacedPremises): CopyValue[] {
  return [...premisesValues(p), p.compte]
}
