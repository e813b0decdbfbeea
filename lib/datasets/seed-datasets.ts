// The datasets of the first start (embedded engine) and of the end-to-end instances, so that a
// newcomer can try every representation at once: establishments of Brittany in UTF-8 (JSON,
// GeoJSON, CSV) and local premises of Ille-et-Vilaine in ISO-8859-15. Their ids are fixed: the
// OpenAPI examples and the README use them.
import type pg from 'pg'
import { createDataset, type NewDataset } from './datasets'

export const SEED_DATASETS = {
  siret: {
    id: '5b1e0c3a-6f0e-4d55-9c1b-7a2d3e4f5a61',
    title: 'Établissements de Bretagne',
    model: 'siret',
    search: { region: '53' },
    encoding: 'UTF-8',
  },
  local: {
    id: '8c2f1d4b-7a1f-4e66-8d2c-8b3e4f5a6b72',
    title: 'Locaux d’Ille-et-Vilaine',
    model: 'local',
    search: { departement: '35' },
    encoding: 'ISO-8859-15',
  },
} as const satisfies Record<string, NewDataset & { id: string }>

/** Creates the seed datasets that do not exist yet; returns the titles created. */
export async function seedDatasets(db: pg.Pool): Promise<string[]> {
  const created: string[] = []
  for (const dataset of Object.values(SEED_DATASETS)) {
    const { rows } = await db.query('SELECT 1 FROM dataset WHERE id = $1', [dataset.id])
    if (rows.length > 0) continue
    await createDataset({ ...dataset, search: { ...dataset.search } }, db)
    created.push(dataset.title)
  }
  return created
}
