import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, textLine } from './logger'

function capture(format: 'json' | 'text') {
  const out = new PassThrough()
  const lines: string[] = []
  out.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)))
  return { logger: createLogger({ level: 'info', format, destination: out }), lines }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

describe('logger', () => {
  it('writes one JSON object per line, without credentials', async () => {
    const { logger, lines } = capture('json')
    logger.info({ request_id: 'r1', status: 200, headers: { authorization: 'Bearer secret' } }, 'request')
    logger.debug('not at info level')
    await flush()
    expect(lines).toHaveLength(1)
    const record = JSON.parse(lines[0]!) as Record<string, unknown>
    expect(record).toMatchObject({ msg: 'request', request_id: 'r1', status: 200, level: 30 })
    expect(lines[0]).not.toContain('secret')
  })

  it('writes readable text lines for development', async () => {
    const { logger, lines } = capture('text')
    logger.child({ component: 'server' }).warn({ route: '/v0/tf' }, 'slow')
    await flush()
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d warn  \[server\] slow route=\/v0\/tf$/)
  })

  it('leaves a line that is not JSON as it is', () => {
    expect(textLine('plain')).toBe('plain')
  })
})
