// The bound values of a statement being written: every query builder adds its values through one
// of these and writes the placeholder it returns, so numbering never goes wrong.

export class SqlParams {
  readonly values: unknown[] = []

  /** Placeholders start at $1, or after the `taken` first ones (bound by the caller). */
  constructor(private readonly taken = 0) {}

  /** Binds `value` and returns its placeholder, e.g. `$3::text[]` with cast `::text[]`. */
  add(value: unknown, cast = ''): string {
    this.values.push(value)
    return `$${this.taken + this.values.length}${cast}`
  }

  /** The placeholder the next value will take (for values bound by the caller after these). */
  get next(): number {
    return this.taken + this.values.length + 1
  }
}
