// « Exporter les résultats » of the explorer (any signed-in staff member): the current search as a
// CSV file, in one of two flavours said plainly, downloaded from the BFF under the search's name.
// Past 10,000 results the export is refused by the API: the links give way to an explanation.
import { RESULT_CAP } from '@/lib/http/list-limits'
import styles from './export-links.module.css'

const FLAVOURS = [
  {
    encodage: 'utf-8',
    label: 'CSV UTF-8',
    description:
      'séparateur virgule, pour les outils de données (Python, R, bases de données) ou l’import dans un tableur',
  },
  {
    encodage: 'iso-8859-15',
    label: 'CSV pour tableur',
    description:
      'encodage ISO-8859-15, séparateur point-virgule : s’ouvre tel quel dans Excel ou LibreOffice réglés en français',
  },
] as const

export function ExportLinks({
  searchQuery,
  total,
  isAdmin,
}: {
  /** The search as BFF query parameters (`search[…]=…`). */
  searchQuery: string
  /** Results of the search; undefined while unknown. */
  total: number | undefined
  isAdmin: boolean
}) {
  const tooMany = total !== undefined && total > RESULT_CAP
  return (
    <section className={styles.export} aria-labelledby="export-titre">
      <h2 id="export-titre" className={styles.title}>
        Exporter les résultats
      </h2>
      {tooMany ? (
        <p className={styles.note}>
          L’export CSV contient {RESULT_CAP.toLocaleString('fr-FR')} résultats au plus : cette recherche en
          compte {total.toLocaleString('fr-FR')}. Affinez-la
          {isAdmin
            ? ', ou créez un jeu de données à partir de cette recherche : il contient la liste complète.'
            : ', ou demandez à un administrateur un jeu de données de cette recherche, qui contient la liste complète.'}
        </p>
      ) : (
        <ul className={styles.list}>
          {FLAVOURS.map((flavour) => (
            <li key={flavour.encodage}>
              <a
                className="button button--secondary"
                href={`/bff/etablissements/export?${searchQuery ? `${searchQuery}&` : ''}encodage=${flavour.encodage}`}
                download
              >
                {flavour.label}
              </a>{' '}
              <span className={styles.description}>{flavour.description}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
