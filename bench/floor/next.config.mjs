// The floor of the benchmarks: a bare Next.js app with one route handler, built by the benchmarks
// into bench/floor/.next (not committed). The same framework settings as the app where they touch
// a route handler's cost: no compression by Next, no X-Powered-By.
import path from 'node:path'

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  compress: false,
  // The repository's node_modules (one directory up from here, then one more).
  turbopack: { root: path.resolve(import.meta.dirname, '..', '..') },
  outputFileTracingRoot: path.resolve(import.meta.dirname, '..', '..'),
}

export default nextConfig
