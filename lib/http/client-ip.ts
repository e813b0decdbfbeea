// The address a request comes from, for limits per IP: the socket's peer, or — only when the
// service runs behind a reverse proxy it trusts (TRUST_PROXY=true) — the first address of
// X-Forwarded-For, which that proxy sets. A client reaching the service directly cannot choose its
// address with the header.
import type { IncomingMessage } from 'node:http'

export function clientIp(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for']
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim()
    if (first) return first
  }
  return req.socket.remoteAddress ?? 'unknown'
}
