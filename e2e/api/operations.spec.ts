// What an operator and a load balancer read: health checks, request ids, metrics, the access log,
// and a graceful shutdown (SIGTERM) that lets requests in flight finish.
import net from 'node:net'
import type { TestInfo } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { problemSchema } from '@/lib/http/problem-schema'
import { startOwnInstance, type OwnInstance } from '../support/instance'
import { E2E_METRICS_TOKEN, type Engine } from '../support/servers'
import { bearer } from '../support/tokens'

const engineOf = (testInfo: TestInfo): Engine =>
  testInfo.project.name.endsWith('postgres') ? 'postgres' : 'embedded'

test.describe('health checks', () => {
  test('GET /health/live answers 200 without authentication', async ({ request }) => {
    const response = await request.get('/health/live')
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('no-store')
    expect(await response.json()).toMatchObject({ status: 'live' })
  })

  test('GET /health/ready checks the instance, the database and the migrations', async ({ request }) => {
    const response = await request.get('/health/ready')
    expect(response.status()).toBe(200)
    expect(await response.json()).toEqual({
      status: 'ready',
      checks: { instance: 'ok', database: 'ok', migrations: 'ok' },
    })
    const head = await request.head('/health/ready')
    expect(head.status()).toBe(200)
    expect(await head.text()).toBe('')
  })

  test('refuses other methods with a problem', async ({ request }) => {
    const response = await request.post('/health/ready', { data: {} })
    expect(response.status()).toBe(405)
    expect(response.headers()['allow']).toContain('GET')
    problemSchema.parse(await response.json())
  })
})

test.describe('request ids', () => {
  test('keeps a usable X-Request-Id and puts it in problems', async ({ request }) => {
    const response = await request.get('/v0/nowhere', {
      headers: { Accept: 'application/json', 'X-Request-Id': 'support-ticket-42' },
    })
    expect(response.status()).toBe(404)
    expect(response.headers()['x-request-id']).toBe('support-ticket-42')
    const problem = problemSchema.parse(await response.json())
    expect(problem.request_id).toBe('support-ticket-42')
  })

  test('generates one when the client sends none or an unusable one', async ({ request }) => {
    const plain = await request.get('/health/live')
    expect(plain.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const hostile = await request.get('/v0/eco/sirets/1', {
      headers: { 'X-Request-Id': 'with spaces and "quotes"' },
    })
    const id = hostile.headers()['x-request-id']
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(problemSchema.parse(await hostile.json()).request_id).toBe(id)
  })
})

test.describe('metrics', () => {
  test('ask for the metrics token', async ({ request }) => {
    const anonymous = await request.get('/metrics')
    expect(anonymous.status()).toBe(401)
    expect(anonymous.headers()['www-authenticate']).toContain('Bearer')
    const wrong = await request.get('/metrics', { headers: { Authorization: 'Bearer not-the-token' } })
    expect(wrong.status()).toBe(401)
  })

  test('count requests by route template, method and status', async ({ request, baseURL }, testInfo) => {
    const authorization = await bearer(baseURL!, testInfo, 'eco')
    const record = await request.get('/v0/eco/sirets/00000000000000', {
      headers: { Authorization: authorization, Accept: 'application/json' },
    })
    expect(record.status()).toBe(404)
    const response = await request.get('/metrics', {
      headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
    })
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/plain')
    const text = await response.text()
    expect(text).toMatch(
      /tda_http_requests_total\{route="\/v0\/eco\/sirets\/:id",method="GET",status="404"\} [1-9]/,
    )
    expect(text).toMatch(
      /tda_http_request_duration_seconds_bucket\{le="[0-9.]+",route="\/v0\/eco\/sirets\/:id"/,
    )
    expect(text).toMatch(/tda_db_pool_connections\{state="total"\} \d+/)
    expect(text).toMatch(/tda_database_available 1/)
    expect(text).toMatch(/tda_dataset_jobs\{state="ready"\} [1-9]/)
    expect(text).toContain('# TYPE tda_rate_limit_refusals_total counter')
    if (engineOf(testInfo) === 'embedded') expect(text).toMatch(/tda_embedded_engine\{figure="queued"\} \d+/)
    // Raw paths never become labels (bounded series).
    expect(text).not.toContain('00000000000000')
  })
})

/** Sends the headers and the first half of a GET body, and waits: a request in flight. */
function halfSentRequest(baseURL: string, authorization: string, body: string) {
  const url = new URL(baseURL)
  const socket = net.connect(Number(url.port), url.hostname)
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  const half = Math.floor(body.length / 2)
  socket.write(
    `GET /v0/eco/sirets HTTP/1.1\r\nHost: ${url.host}\r\nAccept: application/json\r\nAuthorization: ${authorization}\r\n` +
      `Content-Type: application/json\r\n` +
      `X-Request-Id: in-flight-1\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  )
  return {
    finish: () => socket.write(body.slice(half)),
    response: async () => {
      await closed
      return received
    },
  }
}

test.describe('graceful shutdown', () => {
  test.describe.configure({ timeout: 300_000 })
  let instance: OwnInstance | undefined
  test.afterEach(async () => {
    await instance?.stop()
    instance = undefined
  })

  test('on SIGTERM: not ready, requests in flight finish, then exit 0', async ({}, testInfo) => {
    instance = await startOwnInstance(engineOf(testInfo), 0, { SHUTDOWN_GRACE_MS: '120000' })
    const own = instance
    const { clientId, authorization } = await own.bearer(['eco'])
    const inFlight = halfSentRequest(own.baseURL, authorization, JSON.stringify({ size: 2, page: 1 }))
    // The instance has it: its in-flight gauge says so.
    await expect
      .poll(async () => {
        const text = await (await fetch(`${own.metricsURL}/metrics`)).text()
        return /^tda_http_requests_in_flight (\d+)/m.exec(text)?.[1]
      })
      .toBe('1')

    own.process.kill('SIGTERM')
    // Not ready while draining: the monitoring port still answers.
    await expect
      .poll(async () => (await fetch(`${own.metricsURL}/health/ready`)).status, { timeout: 60_000 })
      .toBe(503)
    const draining = (await (await fetch(`${own.metricsURL}/health/ready`)).json()) as Record<string, unknown>
    expect(draining).toMatchObject({ status: 503, checks: { instance: 'draining' } })
    // No new connection is accepted on the service port.
    await expect(fetch(`${own.baseURL}/health/live`)).rejects.toThrow()

    inFlight.finish()
    const answer = await inFlight.response()
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer.toLowerCase()).toContain('connection: close')
    expect(answer).toContain('"etablissements"')
    expect(await own.exited).toBe(0)

    const records = own.records()
    const logged = records.find((r) => r.msg === 'request' && r.request_id === 'in-flight-1')
    expect(logged).toMatchObject({
      method: 'GET',
      route: '/v0/eco/sirets',
      path: '/v0/eco/sirets',
      status: 200,
      caller: `client:${clientId}`,
    })
    expect(typeof logged?.duration_ms).toBe('number')
    expect(Number(logged?.bytes)).toBeGreaterThan(0)
    const messages = records.map((r) => String(r.msg))
    expect(messages.some((m) => /^SIGTERM: draining 1 request\(s\) in flight/.test(m))).toBe(true)
    expect(messages.some((m) => /^stopped in \d+ ms$/.test(m))).toBe(true)
  })
})
