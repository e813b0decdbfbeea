// Word lists for synthetic French companies, trade names, people and streets.

// prettier-ignore
export const SURNAMES = [
  'Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent',
  'Simon', 'Michel', 'Lefèvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard',
  'Bonnet', 'Dupont', 'Lambert', 'Fontaine', 'Rousseau', 'Vincent', 'Muller', 'Lefebvre', 'Faure', 'André',
  'Mercier', 'Blanc', 'Guérin', 'Boyer', 'Garnier', 'Chevalier', 'François', 'Legrand', 'Gauthier', 'Garcia',
  'Perrin', 'Robin', 'Clément', 'Morin', 'Nicolas', 'Henry', 'Roussel', 'Mathieu', 'Gautier', 'Masson',
  'Marchand', 'Duval', 'Denis', 'Dumont', 'Marie', 'Lemaire', 'Noël', 'Meyer', 'Dufour', 'Meunier',
  'Brun', 'Blanchard', 'Giraud', 'Joly', 'Rivière', 'Lucas', 'Brunet', 'Gaillard', 'Barbier', 'Arnaud',
  'Martinez', 'Gérard', 'Roche', 'Renard', 'Schmitt', 'Roy', 'Leroux', 'Colin', 'Vidal', 'Caron',
  'Picard', 'Roger', 'Fabre', 'Aubert', 'Lemoine', 'Renaud', 'Dumas', 'Lacroix', 'Olivier', 'Philippe',
  'Bourgeois', 'Pierre', 'Benoît', 'Rey', 'Leclerc', 'Payet', 'Rolland', 'Leclercq', 'Guillaume', 'Lecomte',
  'Lopez', 'Jean', 'Dupuy', 'Guillot', 'Hubert', 'Berger', 'Carpentier', 'Sanchez', 'Dupuis', 'Moulin',
  'Louis', 'Deschamps', 'Huet', 'Vasseur', 'Perez', 'Boucher', 'Fleury', 'Royer', 'Klein', 'Jacquet',
  'Adam', 'Paris', 'Poirier', 'Marty', 'Aubry', 'Guyot', 'Carré', 'Charles', 'Renault', 'Charpentier',
  'Ménard', 'Maillard', 'Baron', 'Bertin', 'Bailly', 'Hervé', 'Schneider', 'Fernandez', 'Le Gall', 'Collet',
  'Léger', 'Bouvier', 'Julien', 'Prévost', 'Millet', 'Perrot', 'Daniel', 'Le Roux', 'Cousin', 'Germain',
  'Breton', 'Besson', 'Langlois', 'Rémy', 'Le Goff', 'Pelletier', 'Lévêque', 'Perrier', 'Leblanc', 'Barré',
  'Lebrun', 'Marchal', 'Weber', 'Mallet', 'Hamon', 'Boulanger', 'Jacob', 'Monnier', 'Michaud', 'Rodriguez',
  'Guichard', 'Gillet', 'Étienne', 'Grondin', 'Poulain', 'Tessier', 'Chevallier', 'Collin', 'Chauvin', 'Da Silva',
  'Bouchet', 'Gay', 'Lemaître', 'Bénard', 'Maréchal', 'Humbert', 'Reynaud', 'Antoine', 'Hoarau', 'Perret',
  'Barthélemy', 'Cordier', 'Pichon', 'Lejeune', 'Gilbert', 'Lamy', 'Delaunay', 'Pasquier', 'Carlier', 'Laporte',
  'Kerléo', 'Le Bihan', 'Quéré', 'Tanguy', 'Riou', 'Abgrall', 'Nguyen', 'Benali', 'Haddad', 'Ferreira',
]

// prettier-ignore
export const FIRST_NAMES = [
  'Jean', 'Marie', 'Pierre', 'Nathalie', 'Michel', 'Isabelle', 'Philippe', 'Sylvie', 'Alain', 'Catherine',
  'Nicolas', 'Françoise', 'Christophe', 'Sandrine', 'Patrick', 'Valérie', 'Stéphane', 'Christine', 'Laurent',
  'Véronique', 'Frédéric', 'Sophie', 'Olivier', 'Céline', 'Éric', 'Anne', 'David', 'Julie', 'Sébastien',
  'Aurélie', 'Julien', 'Émilie', 'Thomas', 'Camille', 'Antoine', 'Léa', 'Hugo', 'Chloé', 'Lucas', 'Manon',
  'Louis', 'Inès', 'Gabriel', 'Jade', 'Raphaël', 'Louise', 'Arthur', 'Zoé', 'Noël', 'Hélène', 'Maël', 'Gaëlle',
  'Yannick', 'Solène', 'Loïc', 'Maëlle', 'Benoît', 'Agnès', 'Jérôme', 'Béatrice',
]

/** Trade words by the first two digits of a NAF code (division). */
export const TRADES_BY_DIVISION: Readonly<Record<string, readonly string[]>> = {
  '01': ['Ferme', 'Exploitation agricole', 'GAEC', 'EARL', 'Maraîchage'],
  '10': ['Boulangerie', 'Pâtisserie', 'Fromagerie', 'Charcuterie', 'Biscuiterie'],
  '41': ['Constructions', 'Promotion immobilière', 'Bâtiment'],
  '43': ['Maçonnerie', 'Plomberie', 'Électricité', 'Menuiserie', 'Couverture', 'Peinture', 'Carrelage'],
  '45': ['Garage', 'Automobiles', 'Carrosserie', 'Pneus'],
  '46': ['Négoce', 'Distribution', 'Import-Export', 'Grossiste'],
  '47': ['Épicerie', 'Boutique', 'Librairie', 'Fleuriste', 'Optique', 'Quincaillerie', 'Primeur', 'Cave'],
  '49': ['Transports', 'Taxi', 'Ambulances', 'Déménagements'],
  '55': ['Hôtel', 'Camping', 'Gîte', "Chambres d'hôtes"],
  '56': ['Restaurant', 'Brasserie', 'Café', 'Crêperie', 'Pizzeria', 'Bistrot'],
  '62': ['Informatique', 'Solutions numériques', 'Logiciels', 'Digital'],
  '68': ['Immobilier', 'SCI', 'Patrimoine', 'Foncière'],
  '69': ['Cabinet', 'Expertise comptable', 'Conseil juridique', 'Avocats'],
  '70': ['Conseil', 'Holding', 'Management', 'Stratégie'],
  '71': ['Architecture', 'Ingénierie', 'Bureau d’études', 'Géomètres'],
  '81': ['Nettoyage', 'Propreté', 'Espaces verts', 'Services'],
  '85': ['Formation', 'Auto-école', 'École', 'Cours'],
  '86': ['Cabinet médical', 'Pharmacie', 'Cabinet dentaire', 'Kinésithérapie', 'Laboratoire'],
  '93': ['Salle de sport', 'Club', 'Loisirs'],
  '94': ['Association', 'Amicale', 'Union', 'Comité'],
  '96': ['Salon de coiffure', 'Institut de beauté', 'Pressing', 'Coiffure'],
}

export const GENERIC_TRADES = ['Services', 'Entreprise', 'Atelier', 'Groupe', 'Société', 'Compagnie']

// prettier-ignore
export const NAME_PLACES = [
  'du Centre', 'de la Gare', 'des Halles', 'du Port', 'de la Mairie', 'du Marché', 'des Lilas', 'du Château',
  'de l’Église', 'des Tilleuls', 'du Lac', 'de la Vallée', 'des Pins', 'du Moulin', 'de la Plage', 'du Parc',
  'de l’Ouest', 'du Sud', 'de l’Océan', 'des Alpes', 'de Provence', 'd’Armor', 'du Val', 'des Vignes',
]

// prettier-ignore
export const FANCY_WORDS = [
  'Horizon', 'Atlas', 'Alizé', 'Azur', 'Boréal', 'Cap', 'Écume', 'Étoile', 'Évasion', 'Flore', 'Granit',
  'Harmonie', 'Iris', 'Lumière', 'Mistral', 'Nova', 'Océane', 'Opale', 'Orion', 'Phénix', 'Prisme', 'Quartz',
  'Rivage', 'Saphir', 'Sillon', 'Soleil', 'Terra', 'Vega', 'Zénith', 'Œuvre', 'Cœur', 'Élan', 'Ébène',
]

// prettier-ignore
export const STREET_NAMES = [
  'de la République', 'Victor Hugo', 'Jean Jaurès', 'de la Paix', 'Pasteur', 'du Général de Gaulle',
  'de la Liberté', 'Gambetta', 'des Écoles', 'du Stade', 'de Verdun', 'Nationale', 'de l’Église',
  'du Moulin', 'des Acacias', 'Voltaire', 'Émile Zola', 'Jules Ferry', 'du 8 Mai 1945', 'de la Gare',
  'Carnot', 'Foch', 'Anatole France', 'des Tilleuls', 'de Bretagne', 'du Château', 'Saint-Michel',
  'de la Fontaine', 'du Port', 'des Lilas', 'Clemenceau', 'Marcel Pagnol', 'des Peupliers', 'de Paris',
]

// prettier-ignore
export const STREET_TYPE_CODES = ['RUE', 'RUE', 'RUE', 'AV', 'BD', 'PL', 'CHE', 'RTE', 'IMP', 'ALL', 'QUAI', 'RES', 'LD']

export const LEGAL_FORMS: ReadonlyArray<{ code: string; label: string; weight: number; personne: boolean }> =
  [
    { code: '1000', label: '', weight: 38, personne: true },
    { code: '5499', label: 'SARL', weight: 16, personne: false },
    { code: '5710', label: 'SAS', weight: 18, personne: false },
    { code: '5720', label: 'SASU', weight: 8, personne: false },
    { code: '5498', label: 'EURL', weight: 5, personne: false },
    { code: '6540', label: 'SCI', weight: 9, personne: false },
    { code: '5599', label: 'SA', weight: 2, personne: false },
    { code: '9220', label: 'Association', weight: 4, personne: false },
  ]

export const ALTERNATIVE_SECTORS = [
  'Économie sociale et solidaire',
  'Artisanat',
  'Commerce de proximité',
  'Industries culturelles et créatives',
  'Tourisme',
  'Numérique',
]
