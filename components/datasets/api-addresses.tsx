import type { WorkshopDataset } from '@/lib/queries/datasets'
import { CopyButton } from '../ui/copy-button'
import styles from './datasets.module.css'

const SCOPE_OF_MODEL: Record<WorkshopDataset['model'], string> = {
  siret: 'eco',
  local: 'fiscal',
  offre: 'eco',
  tf: 'fiscal',
  th: 'fiscal',
  parcelle: 'fiscal',
  prop: 'fiscal',
}

/** How applications read the dataset through the API: one address, the representation by Accept. */
export function ApiAddresses({ dataset, apiOrigin }: { dataset: WorkshopDataset; apiOrigin: string }) {
  const url = `${apiOrigin}${dataset.url}`
  const rows = [
    { name: 'JSON', format: 'JSON, page par page', accept: 'application/json', address: `${url}?page=1` },
    ...(dataset.formats.includes('application/geo+json')
      ? [{ name: 'GeoJSON', format: 'GeoJSON', accept: 'application/geo+json', address: url }]
      : []),
    { name: 'CSV', format: 'CSV (redirection 302 vers le fichier)', accept: 'text/csv', address: url },
    {
      name: 'CSV en JSON',
      format: 'CSV : adresse du fichier dans une réponse JSON',
      accept: 'application/json',
      address: `${url}?csv`,
    },
  ]
  return (
    <section className={styles.panel} aria-labelledby="api-title">
      <h2 id="api-title">Adresses de l’API</h2>
      <p className={styles.hint}>
        Jeton Bearer avec la portée <code>{SCOPE_OF_MODEL[dataset.model]}</code> ; le format se choisit avec
        l’en-tête <code>Accept</code>.
      </p>
      <ul className={styles.addresses}>
        {rows.map((row) => (
          <li key={row.name}>
            <span className={styles.addressFormat}>{row.format}</span>
            <code className={styles.address}>
              curl -H &apos;Accept: {row.accept}&apos; -H &apos;Authorization: Bearer …&apos; &apos;
              {row.address}&apos;
            </code>
            <CopyButton value={row.address} label={`Copier l’adresse ${row.name}`} />
          </li>
        ))}
      </ul>
    </section>
  )
}
