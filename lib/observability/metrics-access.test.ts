import { describe, expect, it } from 'vitest'
import { metricsAccess } from './metrics-access'

const token = 'a-metrics-token-0123456789'

describe('metricsAccess', () => {
  it('has no /metrics on the service port without a token', () => {
    expect(metricsAccess({}, { onMetricsPort: false, authorization: undefined })).toBe('not-found')
    expect(metricsAccess({ port: 9100 }, { onMetricsPort: false, authorization: `Bearer ${token}` })).toBe(
      'not-found',
    )
  })

  it('asks for the token on the service port', () => {
    expect(metricsAccess({ token }, { onMetricsPort: false, authorization: undefined })).toBe('unauthorized')
    expect(metricsAccess({ token }, { onMetricsPort: false, authorization: 'Bearer wrong' })).toBe(
      'unauthorized',
    )
    expect(metricsAccess({ token }, { onMetricsPort: false, authorization: `Basic ${token}` })).toBe(
      'unauthorized',
    )
    expect(metricsAccess({ token }, { onMetricsPort: false, authorization: `Bearer ${token}` })).toBe('allow')
    expect(metricsAccess({ token }, { onMetricsPort: false, authorization: `bearer ${token} ` })).toBe(
      'allow',
    )
  })

  it('opens the metrics port, still asking for the token when one is set', () => {
    expect(metricsAccess({ port: 9100 }, { onMetricsPort: true, authorization: undefined })).toBe('allow')
    expect(metricsAccess({ port: 9100, token }, { onMetricsPort: true, authorization: undefined })).toBe(
      'unauthorized',
    )
  })
})
