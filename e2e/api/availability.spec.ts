// No client can take the service down by breaking its own request: bodies cut short (the client
// closes mid-body, or sends a malformed chunk) on an API GET with a body, on "/" and on
// /oauth/token are that client's problem only. They once raised ECONNRESET, which was taken for a
// lost database connection, and everyone got 503. Count-based: 200 broken requests (what 10 per
// second for 20 s sends), paced, while a legitimate client keeps asking; every one of its answers
// must be a success.
import net from 'node:net'
import { expect, test } from '../support/contract-test'
import { rawRequest } from '../support/http'
import { bearer } from '../support/tokens'

const BROKEN_REQUESTS = 200
/** Pace of the broken requests (10 per second): a pause between two, not an assertion. */
const PAUSE_MS = 100

type Breaker = (socket: net.Socket) => void

const head = (method: string, path: string, headers: string[]) =>
  `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`

/** The ways a client breaks its request body, on the three entry points that read one. */
const BREAKERS: [string, Breaker][] = [
  [
    'GET /v0/eco/sirets, closed mid-body',
    (s) =>
      s.end(
        head('GET', '/v0/eco/sirets', ['Content-Type: application/json', 'Content-Length: 500']) +
          '{"search":',
      ),
  ],
  [
    'GET / (status JSON), closed mid-body',
    (s) => s.end(head('GET', '/', ['Accept: application/json', 'Content-Length: 300']) + '{"a'),
  ],
  [
    'POST /oauth/token, closed mid-body',
    (s) =>
      s.end(
        head('POST', '/oauth/token', [
          'Content-Type: application/x-www-form-urlencoded',
          'Content-Length: 400',
        ]) + 'grant_type=client_cre',
      ),
  ],
  [
    'GET /eco/sirets, malformed chunk',
    (s) =>
      s.write(
        head('GET', '/eco/sirets', ['Content-Type: application/json', 'Transfer-Encoding: chunked']) +
          '4\r\n{"se\r\nzz\r\n',
      ),
  ],
  [
    'POST /oauth/token, malformed chunk',
    (s) =>
      s.write(
        head('POST', '/oauth/token', ['Content-Type: application/json', 'Transfer-Encoding: chunked']) +
          '3\r\n{"g\r\n-1\r\n',
      ),
  ],
]

function breakOne(baseURL: string, breaker: Breaker): Promise<void> {
  const { hostname, port } = new URL(baseURL)
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname)
    socket.on('error', () => {})
    socket.once('connect', () => {
      breaker(socket)
      // Leave the server a moment to read what was sent, then cut the connection.
      setTimeout(() => {
        socket.destroy()
        resolve()
      }, PAUSE_MS)
    })
  })
}

test('bodies cut short leave every other client served', async ({ baseURL }, testInfo) => {
  test.setTimeout(180_000)
  const authorization = await bearer(baseURL!, testInfo, 'eco')
  const legit = [
    () => rawRequest(baseURL!, { path: '/', headers: { Accept: 'application/json' } }),
    () =>
      rawRequest(baseURL!, {
        path: '/v0/eco/sirets?search=35238&size=5',
        headers: { Accept: 'application/json', Authorization: authorization },
      }),
  ]
  let done = false
  const answers = new Map<number, number>()
  const client = (async () => {
    for (let i = 0; !done; i++) {
      const response = await legit[i % legit.length]!()
      answers.set(response.status, (answers.get(response.status) ?? 0) + 1)
    }
  })()
  for (let i = 0; i < BROKEN_REQUESTS; i++) await breakOne(baseURL!, BREAKERS[i % BREAKERS.length]![1])
  done = true
  await client
  const total = [...answers.values()].reduce((a, b) => a + b, 0)
  const ok = answers.get(200) ?? 0
  testInfo.annotations.push({
    type: 'availability',
    description: `${BROKEN_REQUESTS} broken requests: legitimate client ${ok}/${total} = ${((100 * ok) / total).toFixed(1)} % (${[...answers].map(([s, n]) => `${s}×${n}`).join(' ')})`,
  })
  console.log(`[availability] ${testInfo.project.name}: ${testInfo.annotations.at(-1)!.description}`)
  expect(total).toBeGreaterThanOrEqual(20)
  expect(Object.fromEntries(answers)).toEqual({ 200: total })
})
