import pkg from '../package.json' with { type: 'json' }

/** The deployed version of the service (spec §9): the package version, three dotted numbers. */
export const VERSION: string = pkg.version
