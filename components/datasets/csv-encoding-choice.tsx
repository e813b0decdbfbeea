'use client'
// The CSV encoding every dataset creation form asks for (explorer, offers, cadastre): UTF-8 for data
// tools, or Latin-9 for spreadsheets that do not read UTF-8.

export type CsvEncoding = 'UTF-8' | 'ISO-8859-15'

const CHOICES: ReadonlyArray<readonly [CsvEncoding, string]> = [
  ['UTF-8', 'UTF-8 (recommandé, outils de données)'],
  ['ISO-8859-15', 'ISO-8859-15 (Latin-9, anciens tableurs)'],
]

export function CsvEncodingChoice({
  name,
  value,
  onChange,
}: {
  /** The radio group's name, unique in the page. */
  name: string
  value: CsvEncoding
  onChange: (encoding: CsvEncoding) => void
}) {
  return (
    <fieldset className="field">
      <legend>Encodage du fichier CSV</legend>
      {CHOICES.map(([encoding, label]) => (
        <label key={encoding} className="choice">
          <input
            type="radio"
            name={name}
            value={encoding}
            checked={value === encoding}
            onChange={() => onChange(encoding)}
          />{' '}
          {label}
        </label>
      ))}
    </fieldset>
  )
}
