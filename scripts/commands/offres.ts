// `npm run cli -- offres list|publish|reject|archive`: the validation workshop of business
// real-estate offers from the command line (recorded in each offer's history as « ligne de commande »).
import { Option, type Command } from 'commander'
import { findOffers } from '@/lib/offers/offer-search'
import {
  changeStatus,
  OFFER_STATUS_VALUES,
  type Actor,
  type OfferStatus,
  type StoredOffer,
  type Transition,
} from '@/lib/offers/offer-store'
import { log, nonNegativeInt, withDatabase } from './shared'

const CLI_ACTOR: Actor = { kind: 'system', name: 'ligne de commande' }

function describe(offer: StoredOffer): string {
  const where = [offer.fields.code_commune, offer.libelleCommune].filter(Boolean).join(' ')
  const reason = offer.rejectionReason ? `\t${offer.rejectionReason}` : ''
  return `${offer.reference}\t${offer.status}\t${offer.fields.local_type}\t${offer.fields.surface} m²\t${where}\t${offer.fields.label ?? ''}${reason}`
}

function transitionCommand(offres: Command, name: Transition, description: string): Command {
  return offres
    .command(`${name} <reference>`)
    .description(description)
    .option('--json', 'print the offer as JSON')
}

async function apply(reference: string, transition: Transition, json: boolean | undefined, reason?: string) {
  const offer = await changeStatus(reference, transition, CLI_ACTOR, reason ? { reason } : {})
  log(`offer ${offer.reference}: ${offer.status}`)
  if (json)
    console.log(
      JSON.stringify({
        reference: offer.reference,
        status: offer.status,
        rejection_reason: offer.rejectionReason,
      }),
    )
}

export function registerOfferCommands(program: Command): void {
  const offres = program.command('offres').description('business real-estate offers and their validation')
  offres
    .command('list')
    .description('list offers, newest first (reference, status, kind, surface, commune, label)')
    .addOption(new Option('--status <status>', 'only offers in this status').choices(OFFER_STATUS_VALUES))
    .addOption(new Option('--limit <n>', 'at most this many').argParser(nonNegativeInt).default(50))
    .option('--json', 'print as JSON')
    .action((options: { status?: OfferStatus; limit: number; json?: boolean }) =>
      withDatabase(async () => {
        const { total, offers } = await findOffers(options.status ? { statuses: [options.status] } : {}, {
          page: 1,
          size: Math.max(1, options.limit),
          order: 'created',
        })
        const shown = options.limit === 0 ? [] : offers
        if (options.json) {
          console.log(
            JSON.stringify({
              total,
              offres: shown.map((o) => ({
                reference: o.reference,
                status: o.status,
                rejection_reason: o.rejectionReason,
              })),
            }),
          )
        } else {
          for (const offer of shown) console.log(describe(offer))
          log(`${shown.length} of ${total} offers`)
        }
      }),
    )
  transitionCommand(offres, 'publish', 'publish an offer pending validation (or archived)').action(
    (reference: string, options: { json?: boolean }) =>
      withDatabase(() => apply(reference, 'publish', options.json)),
  )
  transitionCommand(offres, 'reject', 'refuse an offer pending validation, with its reason')
    .requiredOption('--reason <text>', 'reason shown to the application in GET /eco/immo/offres/statuts')
    .action((reference: string, options: { reason: string; json?: boolean }) =>
      withDatabase(async () => {
        if (options.reason.trim() === '') throw new Error('a refusal needs a reason (--reason)')
        await apply(reference, 'reject', options.json, options.reason)
      }),
    )
  transitionCommand(offres, 'archive', 'archive an offer (published or pending validation)').action(
    (reference: string, options: { json?: boolean }) =>
      withDatabase(() => apply(reference, 'archive', options.json)),
  )
}
