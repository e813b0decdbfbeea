// Replacing a whole table while it stays served: the new content is built in a sibling table
// (same columns, defaults, generated columns and checks), its indexes and constraints are created
// once loaded (from the live table's own definitions, so the migrations stay the only place that
// declares them), then one short step drops the live table and renames the sibling in its place.
// Readers see the previous rows until the caller commits; a failure leaves the live table as it was.
import type pg from 'pg'

const IDENT = /^[a-z_][a-z0-9_]*$/

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

interface TableShape {
  /** Indexes that back no constraint: `CREATE INDEX` statements. */
  indexes: Array<{ name: string; definition: string }>
  /** Primary key, unique, exclusion and foreign-key constraints. */
  constraints: Array<{ name: string; definition: string }>
}

async function tableShape(client: pg.PoolClient, table: string): Promise<TableShape> {
  const indexes = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = $1
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                         WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)
      ORDER BY i.indexname`,
    [table],
  )
  const constraints = await client.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
      WHERE conrelid = (quote_ident(current_schema()) || '.' || quote_ident($1))::regclass
        AND contype IN ('p', 'u', 'x', 'f')
      ORDER BY contype DESC, conname`,
    [table],
  )
  return { indexes: indexes.rows, constraints: constraints.rows }
}

/** Views, rules and foreign keys of other tables that would stop `table` from being dropped. */
export async function dependentsOf(client: pg.PoolClient | pg.Pool, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `WITH t AS (SELECT (quote_ident(current_schema()) || '.' || quote_ident($1))::regclass AS oid)
     SELECT DISTINCT v.relname AS name
       FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid JOIN pg_class v ON v.oid = r.ev_class, t
      WHERE d.classid = 'pg_rewrite'::regclass AND d.refobjid = t.oid AND v.oid <> t.oid
     UNION
     SELECT conrelid::regclass::text || ' (' || conname || ')' FROM pg_constraint, t
      WHERE confrelid = t.oid AND conrelid <> t.oid
     ORDER BY 1`,
    [table],
  )
  return rows.map((r) => r.name)
}

export interface TableSwap {
  /** Name of the sibling table to fill. */
  next: string
  /**
   * Statements creating the live table's constraints and indexes on the sibling, to run once it is
   * loaded (independent of each other: they may run concurrently on several connections).
   */
  indexStatements: string[]
  /** Drops the live table and puts the sibling in its place (run it in the caller's transaction). */
  swap(client: pg.PoolClient): Promise<void>
}

/**
 * Creates `<table>_next` shaped like `table` (columns, defaults, generated columns, checks; no
 * indexes yet) and says how to finish and swap it. Nobody reads the sibling, so it can be filled
 * by several connections at once.
 */
export async function prepareTableSwap(db: pg.Pool | pg.PoolClient, table: string): Promise<TableSwap> {
  if (!IDENT.test(table)) throw new Error(`Not a plain SQL identifier: ${table}`)
  const next = `${table}_next`
  const client = 'release' in db ? db : await db.connect()
  try {
    const dependents = await dependentsOf(client, table)
    if (dependents.length > 0) {
      throw new Error(
        `table ${table} cannot be replaced while other objects depend on it: ${dependents.join(', ')}`,
      )
    }
    const shape = await tableShape(client, table)
    await client.query(`DROP TABLE IF EXISTS ${next}`)
    await client.query(`CREATE TABLE ${next} (LIKE ${table} INCLUDING ALL EXCLUDING INDEXES)`)
    const temporary = (name: string) => quoteIdent(`${name}__next`.slice(0, 63))
    const onTable = new RegExp(
      `^(CREATE (?:UNIQUE )?INDEX )(\\S+)( ON (?:ONLY )?(?:\\S+\\.)?)${table}( USING .*)$`,
    )
    const indexStatements = [
      ...shape.constraints.map(
        (c) => `ALTER TABLE ${next} ADD CONSTRAINT ${temporary(c.name)} ${c.definition}`,
      ),
      ...shape.indexes.map((index) => {
        const match = onTable.exec(index.definition)
        if (!match) throw new Error(`Unexpected index definition: ${index.definition}`)
        return `${match[1]}${temporary(index.name)}${match[3]}${next}${match[4]}`
      }),
    ]
    return {
      next,
      indexStatements,
      async swap(tx) {
        await tx.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`)
        await tx.query(`DROP TABLE ${table}`)
        await tx.query(`ALTER TABLE ${next} RENAME TO ${table}`)
        for (const c of shape.constraints)
          await tx.query(
            `ALTER TABLE ${table} RENAME CONSTRAINT ${temporary(c.name)} TO ${quoteIdent(c.name)}`,
          )
        for (const index of shape.indexes)
          await tx.query(`ALTER INDEX ${temporary(index.name)} RENAME TO ${quoteIdent(index.name)}`)
      },
    }
  } finally {
    if (client !== db) (client as pg.PoolClient).release()
  }
}
