import type { TestInfo } from '@playwright/test'
import { SERVERS, type Engine } from './servers'

/** The engine of the app instance a test project runs against. */
export function engineOf(testInfo: TestInfo): Engine {
  return testInfo.project.name.endsWith('postgres') ? 'postgres' : 'embedded'
}

export function dataDirOf(testInfo: TestInfo): string {
  return SERVERS[engineOf(testInfo)].dataDir
}
