// Formatting shared by the workshop's components (French, Paris time so that server and browser
// render the same text).
import type { WorkshopDataset } from '@/lib/queries/datasets'

const number = new Intl.NumberFormat('fr-FR')
const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
})

export const formatNumber = (value: number) => number.format(value)
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${number.format(bytes)} o`
  if (bytes < 1024 * 1024)
    return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(bytes / 1024)} Ko`
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} Mo`
}

export const MODEL_LABELS: Record<WorkshopDataset['model'], string> = {
  siret: 'Établissements',
  local: 'Locaux',
  offre: 'Offres immobilières publiées',
  tf: 'Avis de taxe foncière',
  th: 'Avis de taxe d’habitation',
  parcelle: 'Parcelles cadastrales',
  prop: 'Comptes communaux',
}

export const ENCODING_LABELS: Record<WorkshopDataset['encoding'], string> = {
  'UTF-8': 'UTF-8',
  'ISO-8859-15': 'ISO-8859-15 (Latin-9)',
}
