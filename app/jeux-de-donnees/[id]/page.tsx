import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { z } from 'zod'
import { requireUser } from '@/app/_auth/require-user'
import { DatasetDetail } from '@/components/datasets/dataset-detail'
import { findDataset } from '@/lib/datasets/datasets'
import { serialiseAdminDataset } from '@/lib/datasets/serialise'
import { env } from '@/lib/env'

export const dynamic = 'force-dynamic'

const params = z.object({ id: z.uuid() })

async function datasetOf(id: string) {
  const parsed = params.safeParse({ id })
  return parsed.success ? findDataset(parsed.data.id) : null
}

// The title stays generic: metadata is computed alongside the role check and must reveal nothing.
export const metadata: Metadata = { title: 'Jeu de données' }

/** One dataset in the workshop: encoding, file, links, preview, API addresses (administrators). */
export default async function DatasetPage({ params }: PageProps<'/jeux-de-donnees/[id]'>) {
  const { id } = await params
  await requireUser('admin', `/jeux-de-donnees/${encodeURIComponent(id)}`)
  const dataset = await datasetOf(id)
  if (!dataset) notFound()
  return <DatasetDetail initial={serialiseAdminDataset(dataset)} apiOrigin={env().publicUrl} />
}
