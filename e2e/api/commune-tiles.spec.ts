// The commune tiles of the map (GET /carte/communes/:z/:x/:y, no sign-in) through real HTTP on both
// engines: a vector tile, built once and then read from the tile files under the data directory
// (a restart or another instance sharing it reuses them); an unknown tile is a 400 problem.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '../support/contract-test'
import { dataDirOf } from '../support/engine'

test('a tile is built once, kept as a file under the data directory, and served the same', async ({
  request,
}, testInfo) => {
  // Rennes at zoom 10.
  const first = await request.get('/carte/communes/10/507/356')
  expect(first.status()).toBe(200)
  expect(first.headers()['content-type']).toBe('application/vnd.mapbox-vector-tile')
  expect(first.headers()['cache-control']).toBe('public, max-age=86400')
  const bytes = await first.body()
  expect(bytes.length).toBeGreaterThan(1000)
  const root = path.join(dataDirOf(testInfo), 'tiles', 'communes')
  const files = fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(path.join('10', '507', '356.mvt')))
  expect(files).toHaveLength(1)
  expect(fs.readFileSync(path.join(root, files[0]!)).equals(bytes)).toBe(true)
  const again = await request.get('/carte/communes/10/507/356')
  expect((await again.body()).equals(bytes)).toBe(true)

  const unknown = await request.get('/carte/communes/3/0/0')
  expect(unknown.status()).toBe(400)
  expect(unknown.headers()['content-type']).toBe('application/problem+json; charset=utf-8')
})
