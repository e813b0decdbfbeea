import { InvalidArgumentError, Option, type Command } from 'commander'
import {
  createDataset,
  deleteDataset,
  getDatasetOrThrow,
  listDatasets,
  refreshDataset,
  updateDataset,
  type Dataset,
} from '@/lib/datasets/datasets'
import { encodingFromLabel, type DatasetEncoding } from '@/lib/datasets/encoding'
import { DatasetJobRunner } from '@/lib/datasets/job-runner'
import { DATASET_MODELS, type DatasetModelType } from '@/lib/datasets/models'
import { serialiseAdminDataset } from '@/lib/datasets/serialise'
import type { DatabaseHandle } from '@/lib/db/engine'
import { fileStore } from '@/lib/files'
import { progressReporter } from '../progress'
import { log, withDatabase } from './shared'

function encodingArgument(value: string): DatasetEncoding {
  const encoding = encodingFromLabel(value)
  if (!encoding) throw new InvalidArgumentError('expected utf-8 or iso-8859-15')
  return encoding
}

function modelArgument(value: string): DatasetModelType {
  if (!(DATASET_MODELS as readonly string[]).includes(value))
    throw new InvalidArgumentError(`expected ${DATASET_MODELS.join(' or ')}`)
  return value as DatasetModelType
}

/** A JSON search (object or string); anything that is not JSON is a free text. */
function searchArgument(value: string): unknown {
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

function describe(dataset: Dataset): string {
  const latest = dataset.latest
  const state =
    latest.status === 'generating'
      ? `generating ${latest.rowsDone}/${latest.total}`
      : latest.status === 'failed'
        ? `failed (${latest.failureReason ?? 'no reason'})`
        : latest.status
  const served = dataset.current ? `v${dataset.current.version} ${dataset.current.fileName}` : 'no file yet'
  return `${dataset.id}\t${dataset.model}\t${dataset.encoding}\t${latest.total} records\t${state}\t${served}\t${dataset.title}`
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Generates the dataset's queued file in this process, or follows the progress of the process that
 * already claimed it (the running app), until the newest version is ready or failed.
 */
async function waitForFile(id: string, handle: DatabaseHandle): Promise<Dataset> {
  const progress = progressReporter()
  const runner = new DatasetJobRunner({
    store: fileStore(),
    engine: handle.kind,
    log,
    onProgress: (job, rows) =>
      progress.update({ phase: `v${job.version} CSV`, done: rows, total: job.total }),
  })
  try {
    for (;;) {
      await runner.runUntilIdle(id)
      const dataset = await getDatasetOrThrow(id)
      const latest = dataset.latest
      if (latest.status === 'ready' || latest.status === 'failed') return dataset
      progress.update({ phase: `v${latest.version} CSV`, done: latest.rowsDone, total: latest.total })
      await sleep(500)
    }
  } finally {
    progress.stop()
  }
}

async function report(
  dataset: Dataset,
  options: { json?: boolean; wait: boolean },
  handle: DatabaseHandle,
): Promise<void> {
  const final = options.wait ? await waitForFile(dataset.id, handle) : dataset
  if (final.latest.status === 'failed') {
    process.exitCode = 1
    log(`generation failed: ${final.latest.failureReason ?? 'no reason'}`)
  }
  if (options.json) console.log(JSON.stringify(serialiseAdminDataset(final)))
  else console.log(describe(final))
}

const noWait = () => new Option('--no-wait', 'queue the file generation and return at once')

export function registerDatasetCommands(program: Command): void {
  const datasets = program
    .command('datasets')
    .description('datasets: stored search results with CSV files generated ahead of time')

  datasets
    .command('create')
    .description('capture the records of a search as a new dataset and generate its CSV file')
    .addOption(
      new Option('--model <model>', `model of the records: ${DATASET_MODELS.join(' | ')}`)
        .argParser(modelArgument)
        .makeOptionMandatory(),
    )
    .requiredOption('--title <title>', 'title of the dataset')
    .addOption(
      new Option(
        '--search <json>',
        'search criteria as JSON, e.g. \'{"code_commune":"35238"}\', or a free text',
      )
        .argParser(searchArgument)
        .default({}),
    )
    .addOption(
      new Option('--encoding <encoding>', 'encoding of the CSV file: utf-8 | iso-8859-15')
        .argParser(encodingArgument)
        .default('UTF-8'),
    )
    .addOption(noWait())
    .option('--json', 'print the dataset as JSON')
    .action(
      (options: {
        model: DatasetModelType
        title: string
        search: unknown
        encoding: DatasetEncoding
        wait: boolean
        json?: boolean
      }) =>
        withDatabase(async (handle) => {
          const dataset = await createDataset({
            title: options.title,
            model: options.model,
            search: options.search,
            encoding: options.encoding,
          })
          log(`created dataset ${dataset.id} (${dataset.latest.total} records)`)
          await report(dataset, options, handle)
        }),
    )

  datasets
    .command('list')
    .description('list datasets: id, model, encoding, records, generation status, served file, title')
    .option('--json', 'print as JSON')
    .action((options: { json?: boolean }) =>
      withDatabase(async () => {
        const all = await listDatasets()
        if (options.json) console.log(JSON.stringify(all.map(serialiseAdminDataset)))
        else for (const dataset of all) console.log(describe(dataset))
      }),
    )

  datasets
    .command('refresh')
    .description('replay the stored search of a dataset (new records, new file)')
    .argument('<id>', 'dataset id')
    .addOption(noWait())
    .option('--json', 'print the dataset as JSON')
    .action((id: string, options: { wait: boolean; json?: boolean }) =>
      withDatabase(async (handle) => {
        const dataset = await refreshDataset(id)
        log(
          `dataset ${id}: ${dataset.latest.total} records captured, version ${dataset.latest.version} queued`,
        )
        await report(dataset, options, handle)
      }),
    )

  datasets
    .command('set-encoding')
    .description('change the encoding of a dataset’s file (a new file is generated)')
    .argument('<id>', 'dataset id')
    .argument('<encoding>', 'utf-8 | iso-8859-15', encodingArgument)
    .addOption(noWait())
    .option('--json', 'print the dataset as JSON')
    .action((id: string, encoding: DatasetEncoding, options: { wait: boolean; json?: boolean }) =>
      withDatabase(async (handle) => {
        const dataset = await updateDataset(id, { encoding })
        log(`dataset ${id}: encoding ${dataset.encoding}`)
        await report(dataset, options, handle)
      }),
    )

  datasets
    .command('delete')
    .description('delete a dataset and its files')
    .argument('<id>', 'dataset id')
    .action((id: string) =>
      withDatabase(async () => {
        await deleteDataset(id, fileStore())
        log(`deleted dataset ${id}`)
      }),
    )

  datasets
    .command('generate')
    .description('generate every queued CSV file now (when no app instance runs the jobs)')
    .action(() =>
      withDatabase(async (handle) => {
        const progress = progressReporter()
        const runner = new DatasetJobRunner({
          store: fileStore(),
          engine: handle.kind,
          log,
          onProgress: (job, rows) =>
            progress.update({
              phase: `${job.datasetId.slice(0, 8)} v${job.version}`,
              done: rows,
              total: job.total,
            }),
        })
        const outcomes = await runner.runUntilIdle().finally(() => progress.stop())
        log(`${outcomes.length} file(s): ${outcomes.join(', ') || 'nothing queued'}`)
        if (outcomes.includes('failed')) process.exitCode = 1
      }),
    )
}
