// Cells counted ahead of time for the clusters of large map views (GET /eco/sirets/clusters
// without criteria). The located establishments are counted in square cells of four sizes
// (CELL_SIZES degrees: table etablissement_maille, rewritten after every seed and import) with the
// sum of their positions, their extent and their first SIRET. A view then adds up the cells lying
// wholly inside its box, plus the establishments of the strips along its edges read one by one: the
// counts stay exact (every establishment inside the box once), and a cell, at most an eighth of a
// cluster's side, joins the cluster of its establishments' mean position.
import { query, type Queryable } from '../db/pool'
import type { BBox } from '../territory/geometry'
import type { ClusterGrid } from './clusters-grid'

/** Sides of the cells of each level, in degrees (from about 50 km down to about 400 m). */
export const CELL_SIZES = [0.5, 0.1, 0.02, 0.004] as const
/** A cell is at most this fraction of a cluster's side. */
const CELLS_PER_CLUSTER = 8

/** The level whose cells fit a grid (the coarsest small enough), or null: read the positions. */
export function cellLevelFor(grid: ClusterGrid): number | null {
  const side = Math.min(grid.cellLon, grid.cellLat) / CELLS_PER_CLUSTER
  const level = CELL_SIZES.findIndex((size) => size <= side)
  return level === -1 ? null : level
}

/** The cells of a level lying wholly inside a box: x in [x0, x1), y in [y0, y1); null when none. */
export function innerCells(
  bbox: BBox,
  level: number,
): { x0: number; x1: number; y0: number; y1: number } | null {
  const size = CELL_SIZES[level]!
  const [west, south, east, north] = bbox
  // Whole cells only: their edges inside the box despite rounding.
  let x0 = Math.ceil(west / size)
  while (x0 * size < west) x0++
  let x1 = Math.floor(east / size)
  while (x1 * size > east) x1--
  let y0 = Math.ceil(south / size)
  while (y0 * size < south) y0++
  let y1 = Math.floor(north / size)
  while (y1 * size > north) y1--
  return x1 > x0 && y1 > y0 ? { x0, x1, y0, y1 } : null
}

/** The cell of a position at a level, as SQL over alias e (the same text counts and reads them). */
const cellX = (size: number) => `floor(e.lon / ${size}::float8)`
const cellY = (size: number) => `floor(e.lat / ${size}::float8)`

/**
 * The statements counting the cells of each level from the located establishments of `source`
 * into `target` (a table shaped like etablissement_maille), one per level: independent of each
 * other, they may run on several connections at once.
 */
export function countCellsStatements(source = 'etablissement', target = 'etablissement_maille'): string[] {
  return CELL_SIZES.map(
    (
      size,
      level,
    ) => `INSERT INTO ${target} (niveau, x, y, n, somme_lon, somme_lat, ouest, sud, est, nord, siret)
        SELECT ${level}, ${cellX(size)}::int, ${cellY(size)}::int, count(*)::int, sum(e.lon), sum(e.lat),
               min(e.lon), min(e.lat), max(e.lon), max(e.lat), min(e.siret COLLATE "C")
          FROM ${source} e WHERE e.lon IS NOT NULL
         GROUP BY 2, 3`,
  )
}

/** The statements that rewrite the cells from the located establishments. */
export function refreshCellsStatements(): string[] {
  return ['DELETE FROM etablissement_maille', ...countCellsStatements(), 'ANALYZE etablissement_maille']
}

/**
 * Puts cells counted ahead into etablissement_maille (an import counts them from the new table
 * while its indexes build, then swaps them in with it).
 */
export async function replaceClusterCells(db: Queryable, counted: string): Promise<void> {
  await query('DELETE FROM etablissement_maille', [], db)
  await query(`INSERT INTO etablissement_maille SELECT * FROM ${counted}`, [], db)
  await query('ANALYZE etablissement_maille', [], db)
}

/** Rewrites the cells (after a seed or an import, in the same transaction when there is one). */
export async function refreshClusterCells(db?: Queryable): Promise<void> {
  for (const statement of refreshCellsStatements()) await query(statement, [], db)
}

/** Whether located establishments exist but no cell counts them yet (a database migrated in place). */
export async function clusterCellsMissing(db?: Queryable): Promise<boolean> {
  const { rows } = await query<{ missing: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM etablissement_maille)
        AND EXISTS (SELECT 1 FROM etablissement WHERE lon IS NOT NULL) AS missing`,
    [],
    db,
  )
  return rows[0]!.missing
}

/**
 * The rows of a view as pieces (n establishments, sums of positions, extent, first SIRET): the
 * inner cells of the level, then the establishments of the four edge strips (disjoint), or null
 * when the box holds no whole cell. `bind` adds a value to the statement.
 */
export function cellPiecesQuery(
  bbox: BBox,
  level: number,
  bind: (value: unknown, cast: string) => string,
): string | null {
  const inner = innerCells(bbox, level)
  if (!inner) return null
  const size = CELL_SIZES[level]!
  const [west, south, east, north] = bbox.map((v) => bind(v, '::float8')) as [string, string, string, string]
  const x0 = bind(inner.x0, '::int')
  const x1 = bind(inner.x1, '::int')
  const y0 = bind(inner.y0, '::int')
  const y1 = bind(inner.y1, '::int')
  // Strip bounds widened by a millionth of a cell for rounding; the cell conditions decide.
  const margin = size * 1e-6
  const lonWest = bind(inner.x0 * size + margin, '::float8')
  const lonEast = bind(inner.x1 * size - margin, '::float8')
  const latSouth = bind(inner.y0 * size + margin, '::float8')
  const latNorth = bind(inner.y1 * size - margin, '::float8')
  const one = `SELECT 1 AS n, e.lon AS somme_lon, e.lat AS somme_lat, e.lon AS ouest, e.lat AS sud,
      e.lon AS est, e.lat AS nord, e.siret::text AS siret FROM etablissement e WHERE e.lon IS NOT NULL`
  const inLon = `e.lon >= ${west} AND e.lon <= ${east}`
  const inLat = `e.lat >= ${south} AND e.lat <= ${north}`
  const middleX = `${cellX(size)} >= ${x0} AND ${cellX(size)} < ${x1}`
  return `SELECT m.n, m.somme_lon, m.somme_lat, m.ouest, m.sud, m.est, m.nord, m.siret
      FROM etablissement_maille m
     WHERE m.niveau = ${bind(level, '::smallint')} AND m.x >= ${x0} AND m.x < ${x1} AND m.y >= ${y0} AND m.y < ${y1}
    UNION ALL ${one} AND e.lon >= ${west} AND e.lon < ${lonWest} AND ${inLat} AND ${cellX(size)} < ${x0}
    UNION ALL ${one} AND e.lon > ${lonEast} AND e.lon <= ${east} AND ${inLat} AND ${cellX(size)} >= ${x1}
    UNION ALL ${one} AND e.lat >= ${south} AND e.lat < ${latSouth} AND ${inLon} AND ${middleX} AND ${cellY(size)} < ${y0}
    UNION ALL ${one} AND e.lat > ${latNorth} AND e.lat <= ${north} AND ${inLon} AND ${middleX} AND ${cellY(size)} >= ${y1}`
}
