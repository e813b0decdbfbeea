// What a commune code given in a search matches. Paris, Lyon and Marseille are communes whose
// establishments, premises and parcels are filed under their municipal arrondissements (75101–75120,
// 69381–69389, 13201–13216), as in SIRENE and the cadastre (DESIGN §10): their code stands for their
// arrondissements too, while an arrondissement's code matches only itself.

/**
 * A query whose column `code` lists the codes matching the commune codes bound as `param` (a
 * text[] parameter, e.g. `$3::text[]`): each code itself, plus the arrondissements of the three
 * cities. Codes missing from the reference data are kept as given.
 */
export function communeCodesMatching(param: string): string {
  return `SELECT unnest(${param}) AS code
    UNION SELECT a.code FROM commune a WHERE a.type = 'arrondissement' AND a.parent_code = ANY(${param})`
}
