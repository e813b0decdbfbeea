// Every route contract of the public API. A route that is not listed here fails the OpenAPI test.
import type { RouteContract } from '../http/contract'
import { statusContract } from '../status/contract'
import { notFoundContract } from '../http/not-found-contract'
import { datasetContract, datasetListContract } from '../datasets/contract'
import { premisesContract } from '../premises/contract'
import { clustersContract, establishmentContract, searchContract } from '../establishments/search-contract'
import { divisionContract, divisionsContract, zoneContract } from '../territory/zones-contract'

export const CONTRACTS: readonly RouteContract[] = [
  statusContract,
  datasetListContract,
  datasetContract,
  premisesContract,
  searchContract,
  clustersContract,
  establishmentContract,
  divisionsContract,
  divisionContract,
  zoneContract,
  notFoundContract,
]
