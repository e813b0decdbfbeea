// Console progress bars for long commands (seed, import): one bar per phase, rows/s and ETA.
// A phase reports `done`/`total` (rows, or bytes of a file whose row count is unknown) and, when
// they are bytes, `rows` read so far: the bar and ETA follow the bytes, the rate counts rows.
import cliProgress from 'cli-progress'

export interface ProgressEvent {
  phase: string
  done: number
  total: number
  rows?: number
  /** 'steps' for phases counted in steps (no rate shown). */
  unit?: 'rows' | 'steps'
}

export function progressReporter(): {
  update(event: ProgressEvent): void
  stop(): void
} {
  const interactive = process.stderr.isTTY
  let bar: cliProgress.SingleBar | null = null
  let phase = ''
  let lastLog = 0
  let lastLine = ''
  const started = new Map<string, number>()
  return {
    update({ phase: next, done, total, rows, unit }) {
      const steps = unit === 'steps'
      if (!started.has(next)) started.set(next, performance.now())
      const seconds = (performance.now() - started.get(next)!) / 1000
      const counted = rows ?? done
      const rate = seconds > 0 ? Math.round(counted / seconds) : 0
      if (interactive) {
        if (next !== phase) {
          bar?.stop()
          const amount = rows === undefined ? '{value}/{total}' : '{rows} rows'
          const rateText = steps ? 'steps' : '{rate} rows/s'
          bar = new cliProgress.SingleBar(
            {
              format: `${next.padEnd(15)} [{bar}] {percentage}% | ${amount} | ${rateText} | ETA {eta_formatted}`,
              stream: process.stderr,
              hideCursor: true,
            },
            cliProgress.Presets.shades_classic,
          )
          bar.start(total, 0, { rate: 0, rows: 0 })
          phase = next
        }
        bar?.update(done, { rate, rows: counted })
        return
      }
      // Not a terminal (CI, logs): one line every few seconds and at the end of each phase.
      const now = performance.now()
      const key = `${next}:${done}`
      if (key !== lastLine && (next !== phase || done === total || now - lastLog > 3000)) {
        lastLine = key
        const amount =
          rows === undefined
            ? `${done}/${total}`
            : `${rows} rows (${Math.round((100 * done) / Math.max(total, 1))}%)`
        const line = steps ? `${next}: ${done}/${total}` : `${next}: ${amount} (${rate} rows/s)`
        console.error(total > 1 || rows !== undefined ? line : `${next}…`)
        lastLog = now
        phase = next
      }
    },
    stop() {
      bar?.stop()
      bar = null
    },
  }
}
