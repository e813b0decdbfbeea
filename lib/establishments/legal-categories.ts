// Labels of INSEE legal categories ("catégories juridiques"): the frequent level-III codes, and the
// nine level-I families for the others.

const FAMILIES: Readonly<Record<string, string>> = {
  '1': 'Entrepreneur individuel',
  '2': 'Groupement de droit privé non doté de la personnalité morale',
  '3': 'Personne morale de droit étranger',
  '4': 'Personne morale de droit public soumise au droit commercial',
  '5': 'Société commerciale',
  '6': 'Autre personne morale immatriculée au RCS',
  '7': 'Personne morale et organisme soumis au droit administratif',
  '8': 'Organisme privé spécialisé',
  '9': 'Groupement de droit privé',
}

const CODES: Readonly<Record<string, string>> = {
  '1000': 'Entrepreneur individuel',
  '2110': 'Indivision entre personnes physiques',
  '2310': 'Société en participation entre personnes physiques',
  '5202': 'Société en nom collectif',
  '5306': 'Société en commandite simple',
  '5498': 'SARL unipersonnelle',
  '5499': 'Société à responsabilité limitée (sans autre indication)',
  '5505': 'SA à participation ouvrière à conseil d’administration',
  '5599': 'SA à conseil d’administration (s.a.i.)',
  '5699': 'SA à directoire (s.a.i.)',
  '5710': 'SAS, société par actions simplifiée',
  '5720': 'Société par actions simplifiée à associé unique',
  '6540': 'Société civile immobilière',
  '6541': 'Société civile immobilière de construction-vente',
  '6588': 'Société civile laitière',
  '6595': 'Caisse locale de crédit mutuel',
  '6599': 'Autre société civile',
  '7210': 'Commune et commune nouvelle',
  '7220': 'Département',
  '7229': 'Autre collectivité territoriale',
  '7346': 'Communauté de communes',
  '7348': 'Communauté d’agglomération',
  '7343': 'Communauté urbaine',
  '7344': 'Métropole',
  '7389': 'Établissement public national à caractère administratif',
  '8110': 'Régime général de la Sécurité Sociale',
  '9210': 'Association non déclarée',
  '9220': 'Association déclarée',
  '9221': 'Association déclarée d’insertion par l’économique',
  '9230': 'Association déclarée, reconnue d’utilité publique',
  '9300': 'Fondation',
}

export function legalCategoryLabel(code: string | null | undefined): string | null {
  if (!code) return null
  return CODES[code] ?? FAMILIES[code.charAt(0)] ?? null
}
