// tda_normalise, the SQL twin of normaliseName (lib/text/normalise.ts), written from the same
// folding table. db/migrations/0006_normalise_in_typescript.sql holds its text (a unit test checks
// they match); the property test lib/text/normalise.db.test.ts checks both give the same result on
// both engines.
//
// It uses neither upper() nor unaccent(): both depend on the server (locale, PostgreSQL version of
// the unaccent rules), which made the same name normalise differently on two engines. ASCII-only
// text (most names) takes a short path; other text is folded in two tiers, the Latin letters first
// (translate() scans its table for every character, so a short first table keeps it fast), then,
// only when other characters remain, the rest of the table.
import { FOLD_FROM, FOLD_MULTI, FOLD_REMOVED, FOLD_TO } from './folding'

/** The letters of French and of most Western European names: Latin-1, Œ, œ and Ÿ. */
function isCommon(char: string): boolean {
  const code = char.codePointAt(0)!
  return code < 0x0100 || code === 0x0152 || code === 0x0153 || code === 0x0178
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

function tier(common: boolean): { replaces: Array<[string, string]>; from: string; to: string } {
  const from = [...FOLD_FROM]
  const to = [...FOLD_TO]
  const singles = from.map((char, i) => [char, to[i]!] as const).filter(([char]) => isCommon(char) === common)
  const removed = [...FOLD_REMOVED].filter((char) => isCommon(char) === common)
  return {
    replaces: FOLD_MULTI.filter(([char]) => isCommon(char) === common).map(([c, r]) => [c, r]),
    // translate() removes the characters of `from` beyond the length of `to`.
    from: singles.map(([char]) => char).join('') + removed.join(''),
    to: singles.map(([, target]) => target).join(''),
  }
}

/** Statements folding `folded` with one tier: its ligatures (when there are any), then translate. */
function foldStatements(t: ReturnType<typeof tier>, indent: string): string {
  let replaced = 'folded'
  for (const [char, replacement] of t.replaces)
    replaced = `replace(${replaced}, ${literal(char)}, ${literal(replacement)})`
  const ligatures = literal(`[${t.replaces.map(([char]) => char).join('')}]`)
  return [
    `IF folded ~ ${ligatures} THEN`,
    `  folded := ${replaced};`,
    `END IF;`,
    `folded := translate(folded, ${literal(t.from)}, ${literal(t.to)});`,
  ]
    .map((line) => indent + line)
    .join('\n')
}

/** The CREATE OR REPLACE FUNCTION statement of tda_normalise. */
export function normaliseFunctionSql(): string {
  const common = tier(true)
  const rare = tier(false)
  return `CREATE OR REPLACE FUNCTION tda_normalise(value text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
AS $$
DECLARE
  folded text := value;
BEGIN
  IF octet_length(folded) <> length(folded) THEN
${foldStatements(common, '    ')}
    IF octet_length(folded) <> length(folded) THEN
${foldStatements(rare, '      ')}
    END IF;
  END IF;
  RETURN btrim(regexp_replace(upper(folded COLLATE "C"), '[^A-Z0-9]+', ' ', 'g'));
END
$$;`
}
