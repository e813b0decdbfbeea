// Rows of the cadastre's and fiscal detail's tables as bulk loads write them (lib/db/copy), in column order.
import { extentOf, geometryText, boxLiteral } from '../cadastre/geometry'
import type { CopyValue } from '../db/copy'
import type { AccountRecord, ParcelRecord, PlacedPremises, SectionRecord } from './generate-cadastre'
import type { PevRecord, SufRecord, TfRecord, ThRecord } from './generate-fiscal'
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

export const PEV_COLUMNS = [
  'id',
  'local',
  'codcom',
  'numero',
  'affectation',
  'categorie',
  'surface',
  'valeur_locative',
  'revenu_cadastral',
] as const

export function pevValues(p: PevRecord): CopyValue[] {
  return [
    p.id,
    p.local,
    p.codcom,
    p.numero,
    p.affectation,
    p.categorie,
    p.surface,
    p.valeur_locative,
    p.revenu_cadastral,
  ]
}

export const SUF_COLUMNS = [
  'id',
  'parcelle',
  'codcom',
  'suffixe',
  'groupe',
  'contenance',
  'valeur_locative',
  'revenu_cadastral',
] as const

export function sufValues(s: SufRecord): CopyValue[] {
  return [
    s.id,
    s.parcelle,
    s.codcom,
    s.suffixe,
    s.groupe,
    s.contenance,
    s.valeur_locative,
    s.revenu_cadastral,
  ]
}

export const TF_COLUMNS = [
  'id',
  'compte',
  'codcom',
  'commune',
  'annee',
  'proprietaire',
  'base_bati',
  'base_non_bati',
  'total',
  'lignes',
] as const

export function tfValues(t: TfRecord): CopyValue[] {
  return [
    t.id,
    t.compte,
    t.codcom,
    t.commune,
    t.annee,
    t.proprietaire,
    t.base_bati,
    t.base_non_bati,
    t.total,
    JSON.stringify(t.lignes),
  ]
}

export const TH_COLUMNS = [
  'id',
  'local',
  'compte',
  'codcom',
  'commune',
  'annee',
  'nature',
  'occupant',
  'base',
  'taux',
  'total',
  'lignes',
] as const

export function thValues(t: ThRecord): CopyValue[] {
  return [
    t.id,
    t.local,
    t.compte,
    t.codcom,
    t.commune,
    t.annee,
    t.nature,
    t.occupant,
    t.base,
    t.taux,
    t.total,
    JSON.stringify(t.lignes),
  ]
}
