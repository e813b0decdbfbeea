import type { Metadata } from 'next'
import { z } from 'zod'
import { requireUser } from '@/app/_auth/require-user'
import { CreateCadastreDataset } from '@/components/datasets/create-cadastre-dataset'
import { DatasetList } from '@/components/datasets/dataset-list'
import styles from '@/components/datasets/datasets.module.css'
import { listDatasetsHandler } from '@/lib/datasets/bff'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Jeux de données' }

const searchSchema = z.object({ supprime: z.literal('1').optional().catch(undefined) })

/** The dataset workshop (administrators): every dataset, its status and live progress. */
export default async function DatasetsPage({ searchParams }: PageProps<'/jeux-de-donnees'>) {
  await requireUser('admin', '/jeux-de-donnees')
  const { supprime } = searchSchema.parse(await searchParams)
  const { datasets } = await listDatasetsHandler()
  return (
    <section>
      <h1>Jeux de données</h1>
      <p className={styles.intro}>
        Les jeux de données sont des résultats de recherche enregistrés, lus par les applications au format
        JSON, GeoJSON ou CSV. Choisissez l’encodage de leur fichier, actualisez-les ou distribuez des liens de
        téléchargement temporaires.
      </p>
      {supprime ? (
        <p className={styles.notice} role="status">
          Le jeu de données a été supprimé.
        </p>
      ) : null}
      <div className={styles.actions}>
        <CreateCadastreDataset />
      </div>
      <DatasetList initial={datasets} />
    </section>
  )
}
