// Rights held on a property (code du droit réel ou particulier, `ccodro` of the MAJIC owner file,
// labels as the Cerema documentation of the fichiers fonciers decodes them).
export const RIGHTS = {
  P: 'Propriétaire',
  U: 'Usufruitier',
  N: 'Nu-propriétaire',
  B: 'Bailleur à construction',
  R: 'Preneur à construction',
  F: 'Foncier',
  T: 'Tenuyer',
  D: 'Domanier',
  V: 'Bailleur d’un bail à réhabilitation',
  W: 'Preneur d’un bail à réhabilitation',
  A: 'Locataire-attributaire',
  E: 'Emphytéote',
  K: 'Antichrésiste',
  L: 'Fonctionnaire logé',
  G: 'Gérant, mandataire, gestionnaire',
  S: 'Syndic de copropriété',
  H: 'Associé dans une société en transparence fiscale',
  O: 'Autorisation d’occupation temporaire',
  J: 'Jeune agriculteur',
  Q: 'Gestionnaire taxe sur les bureaux',
  X: 'La Poste occupant et propriétaire',
  Y: 'La Poste occupant et non propriétaire',
  C: 'Fiduciaire',
  M: 'Occupant d’une parcelle appartenant au département de Mayotte ou à l’État',
} as const

export type RightCode = keyof typeof RIGHTS

/** One holder of an account with the right held. */
export interface Holder {
  code: RightCode
  libelle: string
  nom: string
}

export const holder = (code: RightCode, nom: string): Holder => ({ code, libelle: RIGHTS[code], nom })
