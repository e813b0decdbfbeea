// A database that stops answering, for tests, without touching the machine's server: a proxy in
// front of it (TCP port or unix socket, on either side) that forwards, refuses (cuts every connection
// and each new one, as a stopped server would), or freezes (accepts and keeps connections open but
// forwards nothing either way, as a server under SIGSTOP would).
import fs from 'node:fs'
import net from 'node:net'

export type ProxyMode = 'forward' | 'refuse' | 'freeze'
export type Endpoint = { host: string; port: number } | { path: string }

interface Pair {
  client: net.Socket
  upstream: net.Socket
}

export interface TcpProxy {
  /** Where clients connect: a port on 127.0.0.1, or the unix socket path it listens on. */
  readonly address: Endpoint
  mode: ProxyMode
  setMode(mode: ProxyMode): void
  close(): Promise<void>
}

export async function startTcpProxy(upstream: Endpoint, listen: { path?: string } = {}): Promise<TcpProxy> {
  const pairs = new Set<Pair>()
  let mode: ProxyMode = 'forward'

  const cut = (pair: Pair) => {
    pair.client.destroy()
    pair.upstream.destroy()
    pairs.delete(pair)
  }

  const server = net.createServer((client) => {
    client.on('error', () => {})
    if (mode === 'refuse') {
      client.destroy()
      return
    }
    const upstreamSocket =
      'path' in upstream ? net.connect(upstream.path) : net.connect(upstream.port, upstream.host)
    upstreamSocket.on('error', () => client.destroy())
    const pair = { client, upstream: upstreamSocket }
    pairs.add(pair)
    client.on('close', () => cut(pair))
    upstreamSocket.on('close', () => cut(pair))
    // Data is written through only while forwarding; frozen, it is held (the socket is paused).
    client.on('data', (chunk) => {
      upstreamSocket.write(chunk)
    })
    upstreamSocket.on('data', (chunk) => {
      client.write(chunk)
    })
    if (mode === 'freeze') {
      client.pause()
      upstreamSocket.pause()
    }
  })

  if (listen.path) fs.rmSync(listen.path, { force: true })
  await new Promise<void>((resolve) =>
    listen.path ? server.listen(listen.path, resolve) : server.listen(0, '127.0.0.1', resolve),
  )
  const address: Endpoint = listen.path
    ? { path: listen.path }
    : { host: '127.0.0.1', port: (server.address() as net.AddressInfo).port }

  const setMode = (next: ProxyMode) => {
    mode = next
    for (const pair of [...pairs]) {
      if (next === 'refuse') cut(pair)
      else if (next === 'freeze') {
        pair.client.pause()
        pair.upstream.pause()
      } else {
        pair.client.resume()
        pair.upstream.resume()
      }
    }
  }

  return {
    address,
    get mode() {
      return mode
    },
    set mode(next: ProxyMode) {
      setMode(next)
    },
    setMode,
    async close() {
      for (const pair of [...pairs]) cut(pair)
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
