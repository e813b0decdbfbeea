import { Option, type Command } from 'commander'
import { prepareDatabase } from '@/lib/bootstrap/prepare-database'
import { pool } from '@/lib/db/pool'
import { env } from '@/lib/env'
import { SEED_OFFERS, seedOffers } from '@/lib/offers/seed-offers'
import { DEFAULT_SEED_PARCELS, seedDatabase } from '@/lib/seed/seed-database'
import { progressReporter } from '../progress'
import { integer, log, nonNegativeInt, withDatabase } from './shared'

export function registerSeedCommand(program: Command): void {
  program
    .command('seed')
    .description(
      'replace establishments, local premises, the cadastre and synthetic offers with a deterministic synthetic set',
    )
    .addOption(
      new Option('--establishments <n>', 'number of establishments')
        .argParser(nonNegativeInt)
        .default(50_000),
    )
    .addOption(
      new Option('--premises <n>', 'number of local premises').argParser(nonNegativeInt).default(20_000),
    )
    .addOption(
      new Option('--parcels <n>', 'number of cadastral parcels (about)')
        .argParser(nonNegativeInt)
        .default(DEFAULT_SEED_PARCELS),
    )
    .addOption(
      new Option('--offers <n>', 'number of business real-estate offers')
        .argParser(nonNegativeInt)
        .default(SEED_OFFERS),
    )
    .addOption(new Option('--seed <s>', 'random seed (same seed, same data)').argParser(integer).default(1))
    .option('--json', 'print the result as JSON on the last line')
    .action(
      (options: {
        establishments: number
        premises: number
        parcels: number
        offers: number
        seed: number
        json?: boolean
      }) =>
        withDatabase(async () => {
          await prepareDatabase(pool(), { env: env(), seedIfEmpty: false, log })
          const progress = progressReporter()
          const result = await seedDatabase(pool(), {
            establishments: options.establishments,
            premises: options.premises,
            parcels: options.parcels,
            seed: options.seed,
            onProgress: (e) => progress.update(e),
          }).finally(() => progress.stop())
          const offers = await seedOffers(pool(), { count: options.offers, seed: options.seed })
          log(
            `seeded ${result.establishments} establishments, ${result.premises} premises, ${result.parcels} parcels and ${offers} offers in ${(result.milliseconds / 1000).toFixed(1)} s`,
          )
          if (options.json) console.log(JSON.stringify({ ...result, offers }))
        }),
    )
}
