// The synthetic establishments the test servers start with (same generator, seed and size), and
// what a search must return over them, computed independently of the SQL.
import { syntheticWorld } from '@/lib/testing/search-oracle'
import { E2E_SEED } from './servers'

export { normalise } from '@/lib/testing/search-oracle'

const world = syntheticWorld(E2E_SEED)
export const { ref, records, communes, oracle, busiestCommune } = world
