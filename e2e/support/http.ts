// A raw HTTP client for what browsers' fetch forbids: GET requests with a body (spec §4.3).
import http from 'node:http'

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  /** Header names and values as received, repeated headers kept apart. */
  rawHeaders: string[]
  body: string
  /** The body's bytes as received (compressed bodies stay compressed). */
  bytes: Buffer
  json<T = unknown>(): T
}

/** What a response observer sees of each response rawRequest receives. */
export interface ObservedResponse {
  baseURL: string
  method: string
  /** Path and query, as sent. */
  url: string
  status: number
  headers: http.IncomingHttpHeaders
  bytes: Buffer
}

const observers = new Set<(response: ObservedResponse) => void>()

/** Calls `observer` with every response rawRequest receives until the returned function is called. */
export function observeResponses(observer: (response: ObservedResponse) => void): () => void {
  observers.add(observer)
  return () => observers.delete(observer)
}

export function rawRequest(
  baseURL: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  const url = new URL(options.path, baseURL)
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          ...(options.body !== undefined
            ? { 'Content-Length': String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const bytes = Buffer.concat(chunks)
          const body = bytes.toString('utf8')
          for (const observer of observers)
            observer({
              baseURL,
              method: options.method ?? 'GET',
              url: url.pathname + url.search,
              status: res.statusCode ?? 0,
              headers: res.headers,
              bytes,
            })
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body,
            bytes,
            json: <T>() => JSON.parse(body) as T,
          })
        })
        res.on('error', reject)
      },
    )
    // The server may answer (413) and close before reading a large body.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    )
    if (options.body !== undefined) req.write(options.body)
    req.end()
  })
}

/** GET with a JSON body, as the spec's curl examples send it. */
export function getWithJsonBody(
  baseURL: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return rawRequest(baseURL, {
    path,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
