// ESLint rule `layers/lib-layers`: the folders of lib/ form layers, and a folder imports only from
// folders of lower layers. The module graph between lib/ folders therefore has no cycle, and a
// change that would create one (or a new folder nobody placed) fails `npm run lint`. Top-level
// files of lib/ (env.ts, version.ts) count as folders of their name. Test files may import
// anything (test support lives in lib/testing, the top layer). README.md, « Architecture », shows
// the same table.
import path from 'node:path'

/** Lowest layer first. Folders of one layer do not import each other. */
export const LIB_LAYERS = [
  ['env', 'version', 'text', 'observability', 'lifecycle'],
  ['db'],
  ['auth', 'data-info', 'rate-limit', 'usage'],
  ['http'],
  ['territory', 'files', 'status', 'oauth'],
  ['establishments', 'cadastre'],
  ['fiscal'],
  ['premises', 'seed'],
  ['offers'],
  ['sirene', 'datasets', 'applications'],
  ['openapi', 'bootstrap', 'queries', 'explorer'],
  ['testing'],
]

const RANK = new Map(LIB_LAYERS.flatMap((folders, rank) => folders.map((folder) => [folder, rank])))

/** The lib/ folder of a path relative to lib/ ("auth/users.ts" → auth, "env.ts" → env). */
function folderOf(relative) {
  const [first, ...rest] = relative.split(/[\\/]/)
  return rest.length === 0 ? first.replace(/\.[^.]+$/, '') : first
}

/** The lib/ folder an import specifier points to, or null when it points outside lib/. */
function targetFolder(specifier, file, libDir) {
  if (specifier.startsWith('@/lib/')) return folderOf(specifier.slice('@/lib/'.length))
  if (!specifier.startsWith('.')) return null
  const relative = path.relative(libDir, path.resolve(path.dirname(file), specifier))
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : folderOf(relative)
}

const layerName = (folder) => `layer ${RANK.get(folder) + 1}`

/** @type {import('eslint').Rule.RuleModule} */
export const libLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'lib/ folders import only from lower layers (no cycles between folders)' },
    schema: [],
    messages: {
      upward:
        'lib/{{from}} ({{fromLayer}}) must not import lib/{{to}} ({{toLayer}}): a lib/ folder imports only from lower layers (scripts/lint/lib-layers.mjs), so that folders never depend on each other in a cycle.',
      unplaced:
        'lib/{{folder}} is in no layer: place it in LIB_LAYERS (scripts/lint/lib-layers.mjs) above the folders it imports, and in the layer table of README.md.',
    },
  },
  create(context) {
    const file = context.physicalFilename
    const libDir = path.join(context.cwd, 'lib')
    const relative = path.relative(libDir, file)
    if (relative.startsWith('..') || path.isAbsolute(relative)) return {}
    if (/\.test\.[cm]?[jt]sx?$/.test(file)) return {}
    const from = folderOf(relative)

    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return
      const to = targetFolder(specifier, file, libDir)
      if (to === null || to === from) return
      for (const folder of [from, to]) {
        if (!RANK.has(folder)) {
          context.report({ node, messageId: 'unplaced', data: { folder } })
          return
        }
      }
      if (RANK.get(to) >= RANK.get(from)) {
        context.report({
          node,
          messageId: 'upward',
          data: { from, to, fromLayer: layerName(from), toLayer: layerName(to) },
        })
      }
    }
    const fromSource = (node) => node.source && check(node.source, node.source.value)
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    }
  },
}

const plugin = { rules: { 'lib-layers': libLayers } }
export default plugin
