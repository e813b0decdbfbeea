// Spreadsheet formula injection (CSV injection, OWASP): a spreadsheet opening a CSV file takes a cell
// beginning with =, +, -, @, a tab or a carriage return for a formula and runs it (=HYPERLINK(…),
// =cmd|…). Text of our files comes from outside — offers posted by partner applications, names and
// addresses of imported records — so every text cell the service writes is neutralised as OWASP
// recommends: such a cell gets a leading single quote, which spreadsheets show as text and never
// evaluate. Cells of numeric columns (integers, decimals, negative ones too) are left as they are:
// a number is never a formula. Every CSV file (dataset files, the staff's export of a search) is
// written by `COPY` through lib/datasets/csv-export.ts, which wraps its SELECT with
// `neutralisedSelect`: this module is the one place the rule lives.

/** The first characters that make a spreadsheet read a cell as a formula (OWASP). */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const

/** Prefixed to a text cell beginning with a trigger. */
export const NEUTRALISING_PREFIX = "'"

/** PostgreSQL type ids of text: text, varchar, bpchar, name. Other types are written as they are. */
const TEXT_TYPE_IDS = new Set([25, 1043, 1042, 19])

const sqlText = (c: string) => (c === '\t' ? 'chr(9)' : c === '\r' ? 'chr(13)' : `'${c.replace(/'/g, "''")}'`)

/** The SQL expression of a text value neutralised (NULL stays NULL). */
export function neutralisedCellSql(expression: string): string {
  const triggers = FORMULA_TRIGGERS.map(sqlText).join(', ')
  return `CASE WHEN left(${expression}, 1) IN (${triggers}) THEN ${sqlText(NEUTRALISING_PREFIX)} || ${expression} ELSE ${expression} END`
}

export interface CsvColumn {
  name: string
  /** PostgreSQL type id (pg's `fields[].dataTypeID`). */
  dataTypeID: number
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`

/** `select` with each of its text columns neutralised, in the same order and under the same names. */
export function neutralisedSelect(select: string, columns: readonly CsvColumn[]): string {
  const list = columns.map(({ name, dataTypeID }) => {
    const column = `c.${quoteIdentifier(name)}`
    return TEXT_TYPE_IDS.has(dataTypeID)
      ? `${neutralisedCellSql(column)} AS ${quoteIdentifier(name)}`
      : column
  })
  // A subquery with ORDER BY is planned on its own: its order is the order of the rows written.
  return `SELECT ${list.join(', ')} FROM (${select}) c`
}
