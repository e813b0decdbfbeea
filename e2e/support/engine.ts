import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { TestInfo } from '@playwright/test'
import { E2E_STATE_FILE, SERVERS, type Engine } from './servers'

const exec = promisify(execFile)

/** The engine of the app instance a test project runs against. */
export function engineOf(testInfo: TestInfo): Engine {
  return testInfo.project.name.endsWith('postgres') ? 'postgres' : 'embedded'
}

export function dataDirOf(testInfo: TestInfo): string {
  return SERVERS[engineOf(testInfo)].dataDir
}

/** Environment under which CLI commands reach the database of the instance under test. */
export function cliEnvOf(testInfo: TestInfo): NodeJS.ProcessEnv {
  const dataDir = dataDirOf(testInfo)
  const state = JSON.parse(fs.readFileSync(path.join(dataDir, E2E_STATE_FILE), 'utf8')) as {
    databaseUrl: string | null
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
  if (state.databaseUrl) env.DATABASE_URL = state.databaseUrl
  else delete env.DATABASE_URL
  return env
}

/** Runs `npm run cli -- <args>` against the instance under test; resolves stdout and stderr. */
export async function runCli(
  testInfo: TestInfo,
  args: string[],
): Promise<{ stdout: string; stderr: string }> {
  return exec(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/cli.ts', ...args], {
    env: cliEnvOf(testInfo),
  })
}
