import { describe, expect, it } from 'vitest'
import { authLogger } from './next-auth-options'

function recorder() {
  const lines: Array<[string, string]> = []
  const sink = {
    error: (line: string) => lines.push(['error', line]),
    warn: (line: string) => lines.push(['warn', line]),
    debug: (line: string) => lines.push(['debug', line]),
  } as unknown as Console
  return { lines, sink }
}

describe('authLogger', () => {
  it('writes a cookie that does not decrypt as one warning line, without its stack', () => {
    const { lines, sink } = recorder()
    const error = new Error('missing JWE Encryption Algorithm (enc) in JWE Header')
    authLogger({ LOG_LEVEL: 'info' }, sink).error('JWT_SESSION_ERROR', {
      error,
      message: error.message,
    } as never)
    expect(lines).toEqual([
      ['warn', '[auth] JWT_SESSION_ERROR: missing JWE Encryption Algorithm (enc) in JWE Header'],
    ])
    expect(lines[0]![1]).not.toContain('\n')
  })

  it('writes other errors as one error line, and follows LOG_LEVEL', () => {
    const { lines, sink } = recorder()
    authLogger({ LOG_LEVEL: 'error' }, sink).error(
      'OAUTH_CALLBACK_ERROR',
      new Error('state mismatch') as never,
    )
    authLogger({ LOG_LEVEL: 'error' }, sink).error('JWT_SESSION_ERROR', new Error('bad cookie') as never)
    authLogger({ LOG_LEVEL: 'error' }, sink).warn('DEBUG_ENABLED')
    authLogger({ LOG_LEVEL: 'silent' }, sink).error('OAUTH_CALLBACK_ERROR', new Error('x') as never)
    authLogger({ LOG_LEVEL: 'info' }, sink).debug('X', {})
    authLogger({ LOG_LEVEL: 'debug' }, sink).debug('Y', {})
    expect(lines).toEqual([
      ['error', '[auth] OAUTH_CALLBACK_ERROR: state mismatch'],
      ['debug', '[auth] Y'],
    ])
  })
})
