// Test support for the dataset specs: the database of the instance under test (to add records with
// chosen characters, or to hold a generation as another instance would), and waiting for a
// dataset's file through the API.
import fs from 'node:fs'
import path from 'node:path'
import { expect, type APIRequestContext, type TestInfo } from '@playwright/test'
import pg from 'pg'
import { connectionConfig } from '@/lib/db/connection'
import { parseEnv } from '@/lib/env'
import { signature } from '@/lib/files/signing'
import { cliEnvOf, dataDirOf } from './engine'

/** A pool on the database of the instance under test (embedded: through the app's socket). */
export function instanceDb(testInfo: TestInfo): pg.Pool {
  return new pg.Pool({ ...connectionConfig(parseEnv(cliEnvOf(testInfo))), max: 1 })
}

/** Polls the CSV location view until the dataset's file is ready; returns the view. */
export async function waitForFile(
  request: APIRequestContext,
  id: string,
  authorization: string,
  version?: number,
): Promise<{ title: string; version: number; total: number; encoding: string; location: string }> {
  const deadline = Date.now() + 90_000
  for (;;) {
    const response = await request.get(`/v0/datasets/${id}?csv`, {
      headers: { Accept: 'application/json', Authorization: authorization },
    })
    if (response.status() === 200) {
      const view = (await response.json()) as {
        title: string
        version: number
        total: number
        encoding: string
        location: string
      }
      if (version === undefined || view.version >= version) return view
    } else {
      expect(response.status(), await response.text()).toBe(503)
    }
    if (Date.now() > deadline) throw new Error(`the file of dataset ${id} is not ready`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** A download address of the local file store signed with the instance's own key. */
export function signFileAddress(testInfo: TestInfo, baseURL: string, name: string, expires: number): string {
  const secret = fs
    .readFileSync(path.join(dataDirOf(testInfo), 'secrets', 'files-signing-secret'), 'utf8')
    .trim()
  const pathname = `/files/${name}`
  return `${baseURL}${pathname}?expires=${expires}&signature=${signature(pathname, expires, secret)}`
}

/** Local premises with chosen owner names in the instance's database; returns their ids. */
export async function insertPremises(
  testInfo: TestInfo,
  owners: readonly string[],
): Promise<{ tag: string; ids: string[] }> {
  const tag = `ZQXE${Date.now().toString().slice(-7)}${Math.floor(Math.random() * 90 + 10)}`
  const digits = tag.replace(/\D/g, '').slice(-5)
  const ids = owners.map((_, i) => `35238${digits}${String(i).padStart(5, '0')}`)
  const db = instanceDb(testInfo)
  try {
    for (const [i, owner] of owners.entries()) {
      await db.query(
        `INSERT INTO local (id, annee, codcom, commune, invariant, parcelle, proprietaire, adresse)
         VALUES ($1, 2025, '35238', 'Rennes', $2, '35238000AB0001', $3, '1 RUE DE L’ÉGLISE 35000 RENNES')`,
        [ids[i], ids[i]!.slice(5), `${owner} ${tag}`],
      )
    }
  } finally {
    await db.end()
  }
  return { tag, ids }
}
