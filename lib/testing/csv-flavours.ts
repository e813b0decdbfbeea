// Test support: a comma CSV written by PostgreSQL's COPY rewritten as COPY writes it with a
// semicolon delimiter (fields quoted when they hold the delimiter, a quote or a line break, and empty
// strings quoted to tell them from absent values), so a spreadsheet export can be checked byte for
// byte against the UTF-8 file of the same records.
import { parse } from 'csv-parse/sync'

export function commaToSemicolonCsv(text: string): string {
  const rows = parse(text, {
    cast: (value, context) => ({ value, quoted: context.quoting }),
  }) as unknown as Array<Array<{ value: string; quoted: boolean }>>
  return rows
    .map((row) =>
      row
        .map(({ value, quoted }) =>
          /[;"\r\n]/.test(value) || (value === '' && quoted) ? `"${value.replaceAll('"', '""')}"` : value,
        )
        .join(';'),
    )
    .map((line) => `${line}\n`)
    .join('')
}
