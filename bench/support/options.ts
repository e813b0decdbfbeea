// Command-line options of the benchmarks: `--name value` pairs and `--flag`s, read by Node's own
// parseArgs. The defaults say each option's kind (a number, a text, a flag); an unknown option or a
// number that is not one stops the benchmark with a message instead of running with a default.
import { parseArgs } from 'node:util'

type Defaults = Record<string, number | string | boolean | undefined>
type Options<D extends Defaults> = {
  [K in keyof D]: D[K] extends number ? number : D[K] extends boolean ? boolean : D[K]
}

export function benchOptions<D extends Defaults>(defaults: D, argv = process.argv.slice(2)): Options<D> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: Object.fromEntries(
      Object.entries(defaults).map(([name, value]) => [
        name,
        { type: typeof value === 'boolean' ? ('boolean' as const) : ('string' as const) },
      ]),
    ),
  })
  const options: Record<string, unknown> = {}
  for (const [name, fallback] of Object.entries(defaults)) {
    const given = values[name]
    if (given === undefined) options[name] = fallback
    else if (typeof fallback === 'number') {
      const number = Number(given)
      if (given === '' || !Number.isFinite(number))
        throw new Error(`--${name} takes a number, not « ${given} »`)
      options[name] = number
    } else options[name] = given
  }
  return options as Options<D>
}
