import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { processRuns, sweepTempFiles, tempFileName, tempFileWriter } from './temp-files'

describe('temporary files left by a crash', () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-temp-files-'))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  const write = (name: string, ageMs = 0, now = Date.now()) => {
    const file = path.join(dir, name)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, 'id,siret\n')
    const at = new Date(now - ageMs)
    fs.utimesSync(file, at, at)
    return file
  }

  it('names a temporary file after its host and process', () => {
    const name = tempFileName('abc-v1.csv', 'web-1.example.org', 4242)
    expect(name).toMatch(/^abc-v1\.csv\.web-1-example-org\.4242\.[0-9a-f]{8}\.part$/)
    expect(tempFileWriter(name)).toEqual({ host: 'web-1-example-org', pid: 4242 })
    expect(tempFileWriter('abc-v1.csv.0c4e2a1b-1111-2222-3333-444455556666.part')).toBeNull()
    expect(tempFileName('x.csv')).not.toBe(tempFileName('x.csv'))
  })

  it('tells a running process from one that ended', () => {
    expect(processRuns(process.pid)).toBe(true)
    const ended = spawnSync(process.execPath, ['-e', '0']).pid!
    expect(processRuns(ended)).toBe(false)
  })

  it('removes this host’s files whose process ended and any old file; keeps the others', async () => {
    const host = 'app-1'
    const now = Date.now()
    const dead = write(`a-v1.csv.${host}.999001.0123abcd.part`)
    const alive = write(`b-v1.csv.${host}.999002.0123abcd.part`)
    const mine = write(`c-v1.csv.${host}.${process.pid}.0123abcd.part`)
    const otherHostYoung = write(`d-v1.csv.app-2.999001.0123abcd.part`, 10 * 60_000, now)
    const otherHostOld = write(`e-v1.csv.app-2.999003.0123abcd.part`, 2 * 3_600_000, now)
    const legacyOld = write(`f-v1.csv.0c4e2a1b-1111-2222-3333-444455556666.part`, 2 * 3_600_000, now)
    const legacyYoung = write(`g-v1.csv.0c4e2a1b-1111-2222-3333-444455556666.part`, 60_000, now)
    const nested = write(`abcd/8/127/88.mvt.${host}.999001.0123abcd.part`)
    const published = write('a-v1.csv', 5 * 3_600_000, now)
    const removed = await sweepTempFiles(dir, {
      host,
      now: () => now,
      isRunning: (pid) => pid === 999002,
    })
    expect(removed.sort()).toEqual([dead, otherHostOld, legacyOld, nested].sort())
    for (const kept of [alive, mine, otherHostYoung, legacyYoung, published])
      expect(fs.existsSync(kept)).toBe(true)
    for (const gone of removed) expect(fs.existsSync(gone)).toBe(false)
  })

  it('finds nothing to do in a directory that does not exist', async () => {
    expect(await sweepTempFiles(path.join(dir, 'none'))).toEqual([])
  })
})
