// The process's structured logger (pino). JSON lines by default in production, so a log shipper
// reads them as they are; short text lines in development (LOG_FORMAT chooses). One logger per
// process, shared through globalThis because route handlers are bundled apart from server.ts.
import { Writable } from 'node:stream'
import pino, { type Logger } from 'pino'

export type LogFormat = 'json' | 'text'
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

export interface LoggerOptions {
  level: LogLevel
  format: LogFormat
  /** Where lines go (default: standard output). */
  destination?: NodeJS.WritableStream
}

const KEY = Symbol.for('tda.observability.logger')
type Holder = typeof globalThis & { [KEY]?: Logger }

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
}
const OMITTED_IN_TEXT = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'component'])

/** One JSON line of pino as one readable text line: `HH:MM:SS level [component] message key=value…`. */
export function textLine(json: string): string {
  let record: Record<string, unknown>
  try {
    record = JSON.parse(json) as Record<string, unknown>
  } catch {
    return json
  }
  const time = typeof record.time === 'number' ? new Date(record.time).toISOString().slice(11, 19) : ''
  const level = LEVEL_NAMES[Number(record.level)] ?? String(record.level)
  const component = typeof record.component === 'string' ? ` [${record.component}]` : ''
  const fields = Object.entries(record)
    .filter(([key]) => !OMITTED_IN_TEXT.has(key))
    .map(([key, value]) => {
      if (key === 'err' && value && typeof value === 'object' && 'stack' in value)
        return `\n${String(value.stack)}`
      return ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`
    })
    .join('')
  return `${time} ${level.padEnd(5)}${component} ${String(record.msg ?? '')}${fields}`
}

function textDestination(out: NodeJS.WritableStream): Writable {
  let pending = ''
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8')
      let newline = pending.indexOf('\n')
      while (newline >= 0) {
        out.write(`${textLine(pending.slice(0, newline))}\n`)
        pending = pending.slice(newline + 1)
        newline = pending.indexOf('\n')
      }
      done()
    },
  })
}

export function createLogger(options: LoggerOptions): Logger {
  const out = options.destination ?? process.stdout
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      // Never log credentials, whatever a caller passes.
      redact: {
        paths: ['authorization', 'cookie', '*.authorization', '*.cookie', 'password', '*.password'],
        censor: '[redacted]',
      },
      serializers: { err: pino.stdSerializers.err },
    },
    options.format === 'text' ? textDestination(out) : (out as pino.DestinationStream),
  )
}

/** Makes `logger` the process's logger (server.ts at start, from the environment). */
export function installLogger(logger: Logger): Logger {
  ;(globalThis as Holder)[KEY] = logger
  return logger
}

/** The process's logger; before server.ts installs one, JSON at info level. */
export function logger(): Logger {
  const g = globalThis as Holder
  return (g[KEY] ??= createLogger({ level: 'info', format: 'json' }))
}
