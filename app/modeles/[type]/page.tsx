// The description of a dataset model: the `model.url` of every dataset's JSON view points here.
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { describeModel, isDatasetModelType } from '@/lib/datasets/model-description'
import { DATASET_MODELS } from '@/lib/datasets/models'

export function generateStaticParams() {
  return DATASET_MODELS.map((type) => ({ type }))
}

export const dynamicParams = false

export async function generateMetadata({ params }: PageProps<'/modeles/[type]'>): Promise<Metadata> {
  const { type } = await params
  return { title: isDatasetModelType(type) ? `Modèle ${type}` : 'Modèle' }
}

export default async function ModelPage({ params }: PageProps<'/modeles/[type]'>) {
  const { type } = await params
  if (!isDatasetModelType(type)) notFound()
  const model = describeModel(type)
  return (
    <article>
      <h1>
        Modèle <code>{model.type}</code> : {model.label}
      </h1>
      <p>
        Portée requise : <code>{model.scope}</code>. Formats : {model.formats.join(', ')}.
      </p>
      <h2>Champs d’un enregistrement (JSON)</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Champ</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {model.fields.map((field) => (
            <tr key={field.name}>
              <td>
                <code>{field.name}</code>
              </td>
              <td>
                {field.type}
                {field.optional ? ' (facultatif)' : ''}
              </td>
              <td>{field.description ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {model.notes.length > 0 && (
        <>
          <h2>Règles de calcul</h2>
          <ul>
            {model.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      )}
      {model.codeLists.map((list) => (
        <section key={list.field} aria-labelledby={`codes-${list.field}`}>
          <h2 id={`codes-${list.field}`}>
            {list.title} : <code>{list.field}</code>
          </h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Signification</th>
              </tr>
            </thead>
            <tbody>
              {list.codes.map((entry) => (
                <tr key={entry.code}>
                  <td>
                    <code>{entry.code}</code>
                  </td>
                  <td>{entry.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <h2>Colonnes du fichier CSV</h2>
      <p>
        Séparateur virgule, champs entre guillemets au besoin (RFC 4180), fins de ligne LF, sans BOM, une
        ligne d’en-tête :
      </p>
      <p>
        <code>{model.csvColumns.join(',')}</code>
      </p>
      {model.csvNotes ? <p>{model.csvNotes}</p> : null}
    </article>
  )
}
