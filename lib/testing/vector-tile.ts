// Reads an encoded vector tile back for tests: the properties of each layer's features.
import { VectorTile } from '@mapbox/vector-tile'
import { PbfReader } from 'pbf'

export function decodeTile(data: Uint8Array): Record<string, Array<Record<string, unknown>>> {
  const tile = new VectorTile(new PbfReader(data))
  const layers: Record<string, Array<Record<string, unknown>>> = {}
  for (const [name, layer] of Object.entries(tile.layers)) {
    layers[name] = Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties)
  }
  return layers
}
