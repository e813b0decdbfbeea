// Identifiers that exist in every synthetic data set of seed 1 (the default), whatever its size:
// examples of the API description and requests of the route × scope matrix.

/** The first establishment generated with seed 1. */
export const EXAMPLE_SIRET = '48308493500012'
