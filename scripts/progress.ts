// Console progress bars for long commands (seed, import): one bar per phase, rows/s and ETA.
import cliProgress from 'cli-progress'

export function progressReporter(): {
  update(event: { phase: string; done: number; total: number }): void
  stop(): void
} {
  const interactive = process.stderr.isTTY
  let bar: cliProgress.SingleBar | null = null
  let phase = ''
  let lastLog = 0
  const started = new Map<string, number>()
  return {
    update({ phase: next, done, total }) {
      if (!started.has(next)) started.set(next, performance.now())
      if (interactive) {
        if (next !== phase) {
          bar?.stop()
          bar = new cliProgress.SingleBar(
            {
              format: `${next.padEnd(15)} [{bar}] {percentage}% | {value}/{total} | {rate} rows/s | ETA {eta_formatted}`,
              stream: process.stderr,
              hideCursor: true,
            },
            cliProgress.Presets.shades_classic,
          )
          bar.start(total, 0, { rate: 0 })
          phase = next
        }
        const seconds = (performance.now() - started.get(next)!) / 1000
        bar?.update(done, { rate: seconds > 0 ? Math.round(done / seconds) : 0 })
        return
      }
      // Not a terminal (CI, logs): one line every few seconds and at the end of each phase.
      const now = performance.now()
      if (next !== phase || done === total || now - lastLog > 3000) {
        const seconds = (now - started.get(next)!) / 1000
        const rate = seconds > 0 ? Math.round(done / seconds) : 0
        console.error(total > 1 ? `${next}: ${done}/${total} (${rate} rows/s)` : `${next}…`)
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
