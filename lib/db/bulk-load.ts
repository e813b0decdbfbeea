// Bulk loads into an indexed table are several times faster when the secondary indexes are built
// once at the end. This drops them and recreates them from their own stored definitions (so the
// migrations stay the only place that declares them), inside the caller's transaction.
import type pg from 'pg'

export async function withSecondaryIndexesDeferred<T>(
  client: pg.PoolClient,
  table: string,
  load: () => Promise<T>,
  onRebuild?: () => void,
): Promise<T> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = $1
        AND NOT EXISTS (
          SELECT 1 FROM pg_constraint c
           WHERE c.conname = i.indexname AND c.conrelid = (quote_ident($1))::regclass
        )`,
    [table],
  )
  for (const { indexname } of rows) await client.query(`DROP INDEX ${quoteIdent(indexname)}`)
  const result = await load()
  onRebuild?.()
  for (const { indexdef } of rows) await client.query(indexdef)
  return result
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
