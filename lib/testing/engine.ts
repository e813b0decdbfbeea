// For database tests: which engine this run uses, and whether its server was missing.
import { inject } from 'vitest'

export const testEngine: 'postgres' | 'embedded' =
  process.env.TEST_ENGINE === 'embedded' ? 'embedded' : 'postgres'

/** Non-empty when the PostgreSQL server was unreachable: suites use describe.skipIf(engineSkipped). */
export const engineSkipped: boolean = inject('engineSkipped') !== ''
