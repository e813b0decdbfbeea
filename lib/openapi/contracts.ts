// Every route contract of the public API: its operations. A route that is not listed here fails the
// OpenAPI test, except the catch-all of unknown /v0 addresses (lib/http/not-found-contract), which is
// no operation: the document's description says what it answers.
import type { RouteContract } from '../http/contract'
import { statusContract } from '../status/contract'
import { datasetContract, datasetListContract } from '../datasets/contract'
import { premisesContract, premisesListContract } from '../premises/contract'
import {
  accountContract,
  accountListContract,
  parcelContract,
  parcelListContract,
} from '../cadastre/contracts'
import {
  pevContract,
  sufContract,
  tfContract,
  tfListContract,
  thContract,
  thListContract,
} from '../fiscal/contracts'
import { communeListContract, parcelBoxContract, sectionBoxContract } from '../cadastre/geo-contracts'
import { clustersContract, establishmentContract, searchContract } from '../establishments/search-contract'
import {
  createOfferContract,
  offerContract,
  offerSearchContract,
  offerStatusesContract,
  offerTagsContract,
} from '../offers/contract'
import { divisionContract, divisionsContract, zoneContract } from '../territory/zones-contract'

export const CONTRACTS: readonly RouteContract[] = [
  statusContract,
  datasetListContract,
  datasetContract,
  premisesListContract,
  premisesContract,
  parcelListContract,
  parcelContract,
  accountListContract,
  accountContract,
  pevContract,
  sufContract,
  tfListContract,
  tfContract,
  thListContract,
  thContract,
  communeListContract,
  sectionBoxContract,
  parcelBoxContract,
  searchContract,
  clustersContract,
  establishmentContract,
  divisionsContract,
  divisionContract,
  zoneContract,
  offerSearchContract,
  createOfferContract,
  offerStatusesContract,
  offerTagsContract,
  offerContract,
]
