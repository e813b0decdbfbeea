// Worker threads do not inherit tsx's loader: load the TypeScript worker through tsx's API.
import { tsImport } from 'tsx/esm/api'

await tsImport('./stage-worker.ts', import.meta.url)
