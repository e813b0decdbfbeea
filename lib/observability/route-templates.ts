// The route template of a request path (`/v0/eco/sirets/:id`), the label of its metrics and access
// log line: bounded, unlike raw paths. Templates come from the app's route files (app/**/route.ts
// and page.tsx, as Next.js routes them) plus the paths server.ts answers itself.
import fs from 'node:fs'
import path from 'node:path'

type Segment = { kind: 'static'; value: string } | { kind: 'param' } | { kind: 'rest' }

interface Template {
  template: string
  segments: Segment[]
}

/** Paths server.ts answers before Next.js (prefix templates end with `/*`). */
export const SERVER_TEMPLATES = [
  '/health/live',
  '/health/ready',
  '/metrics',
  '/oauth/*',
  '/.well-known/*',
  '/_next/*',
] as const

/** `app/v0/eco/sirets/[id]/route.ts` → `/v0/eco/sirets/:id`; route groups vanish; null if not a route. */
export function templateOfFile(file: string): string | null {
  const parts = file.split(/[\\/]/)
  const name = parts.pop()
  if (name === undefined || !/^(route\.(ts|js)|page\.(tsx|jsx|ts|js))$/.test(name)) return null
  if (parts[0] === 'app') parts.shift()
  const segments = parts
    .filter((part) => !/^\(.*\)$/.test(part))
    .map((part) => {
      const rest = /^\[\[?\.\.\.(.+?)\]?\]$/.exec(part)
      if (rest) return `*${rest[1]}`
      const param = /^\[(.+)\]$/.exec(part)
      return param ? `:${param[1]}` : part
    })
  return `/${segments.join('/')}`
}

function parse(template: string): Template {
  const segments = template
    .split('/')
    .filter((s) => s !== '')
    .map((s): Segment => {
      if (s.startsWith('*')) return { kind: 'rest' }
      if (s.startsWith(':')) return { kind: 'param' }
      return { kind: 'static', value: s }
    })
  return { template, segments }
}

const RANK = { static: 0, param: 1, rest: 2 } as const

/** Whether `a` is more specific than `b` (static beats a parameter beats a catch-all, from the left). */
function moreSpecific(a: Template, b: Template): boolean {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const ra = a.segments[i] ? RANK[a.segments[i]!.kind] : -1
    const rb = b.segments[i] ? RANK[b.segments[i]!.kind] : -1
    if (ra !== rb) return ra < rb
  }
  return false
}

function matches(t: Template, parts: string[]): boolean {
  for (let i = 0; i < t.segments.length; i++) {
    const segment = t.segments[i]!
    if (segment.kind === 'rest') return parts.length > i
    if (i >= parts.length) return false
    if (segment.kind === 'static' && segment.value !== parts[i]) return false
  }
  return parts.length === t.segments.length
}

export type RouteMatcher = (pathname: string) => string

/** A matcher over these templates; a path none matches is `unmatched`. */
export function routeMatcher(templates: readonly string[]): RouteMatcher {
  const parsed = [...new Set(templates)]
    .map(parse)
    .sort((a, b) => (moreSpecific(a, b) ? -1 : moreSpecific(b, a) ? 1 : 0))
  return (pathname) => {
    const parts = pathname
      .split('?')[0]!
      .split('/')
      .filter((s) => s !== '')
    for (const t of parsed) if (matches(t, parts)) return t.template
    return 'unmatched'
  }
}

/** The templates of the app's route files under `appDir`, plus the server's own. */
export function appRouteTemplates(appDir = path.resolve('app')): string[] {
  const templates: string[] = [...SERVER_TEMPLATES]
  const walk = (dir: string, relative: string) => {
    let entries: fs.Dirent[]
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const rel = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (entry.isDirectory()) walk(path.join(dir, entry.name), rel)
      else {
        const template = templateOfFile(rel)
        if (template !== null) templates.push(template)
      }
    }
  }
  walk(appDir, '')
  return templates
}
