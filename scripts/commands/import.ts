import { InvalidArgumentError, type Command } from 'commander'
import { prepareDatabase } from '@/lib/bootstrap/prepare-database'
import { pool } from '@/lib/db/pool'
import { env } from '@/lib/env'
import { importSirene, type SireneImportSummary } from '@/lib/sirene/import-sirene'
import { referenceData } from '@/lib/territory/reference-data'
import { progressReporter } from '../progress'
import { log, withDatabase } from './shared'

function departementList(value: string): string[] {
  const known = new Set(referenceData().departements.map((d) => d.code))
  const codes = value
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean)
  const unknown = codes.filter((c) => !known.has(c))
  if (codes.length === 0 || unknown.length > 0)
    throw new InvalidArgumentError(
      `unknown department code${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
    )
  return codes
}

function printSummary(summary: SireneImportSummary): void {
  const pad = (n: number) => n.toLocaleString('fr-FR').padStart(12)
  for (const [kind, file] of Object.entries(summary.fichiers)) {
    log(`${kind}: ${file.fichier}`)
    log(`  ${pad(file.lues)} rows read, ${pad(file.retenues).trim()} kept`)
    for (const [reason, n] of Object.entries(file.ignorees)) log(`  ${pad(n)} skipped: ${reason}`)
  }
  for (const [reason, n] of Object.entries(summary.ecartes))
    log(`${pad(n)} establishments not imported: ${reason}`)
  log(
    summary.methode === 'fusion'
      ? 'files read together as a merge join (sorted by SIREN and SIRET)'
      : `files read through staging tables${summary.repli ? ` (${summary.repli})` : ''}`,
  )
  log(
    `${pad(summary.etablissements)} establishments imported in ${(summary.milliseconds / 1000).toFixed(1)} s ` +
      `(${summary.avecPosition} with a position, ${summary.diffusionPartielle} partially diffusible, ` +
      `${summary.communesRenumerotees} in a commune whose code changed)`,
  )
}

export function registerImportCommand(program: Command): void {
  const importCommand = program.command('import').description('import open data files')
  importCommand
    .command('sirene')
    .description(
      'replace the establishments with INSEE’s SIRENE stock files (plain CSV, .gz or .zip); the previous data stays served until the import succeeds',
    )
    .requiredOption('--etablissements <file>', 'StockEtablissement_utf8 (.csv, .gz or .zip)')
    .requiredOption('--unites-legales <file>', 'StockUniteLegale_utf8 (.csv, .gz or .zip)')
    .option(
      '--geolocalisation <file>',
      'GeolocalisationEtablissement_Sirene_pour_etudes_statistiques_utf8 (.csv, .gz or .zip)',
    )
    .option('--only-active', 'leave closed establishments out')
    .option('--departements <codes>', 'keep these departments only, e.g. 35,44', departementList)
    .option('--json', 'print the summary as JSON on the last line')
    .action(
      (options: {
        etablissements: string
        unitesLegales: string
        geolocalisation?: string
        onlyActive?: boolean
        departements?: string[]
        json?: boolean
      }) =>
        withDatabase(async () => {
          await prepareDatabase(pool(), { env: env(), seedIfEmpty: false, log })
          const progress = progressReporter()
          const summary = await importSirene(pool(), {
            etablissements: options.etablissements,
            unitesLegales: options.unitesLegales,
            geolocalisation: options.geolocalisation,
            onlyActive: options.onlyActive ?? false,
            departements: options.departements ?? null,
            onProgress: (e) => progress.update(e),
            onNotice: (message) => {
              progress.stop()
              log(message)
            },
          }).finally(() => progress.stop())
          printSummary(summary)
          if (options.json) console.log(JSON.stringify(summary))
        }),
    )
}
