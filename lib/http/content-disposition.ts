// The names under which downloads are saved (RFC 6266): `Content-Disposition: attachment` with the
// name in UTF-8 (`filename*`, RFC 5987/8187) and an ASCII `filename` for older clients — accents
// removed, typographic signs made plain, anything else replaced — so « Établissements de Bretagne »
// is saved as itself, or as "Etablissements de Bretagne" where UTF-8 names are not read.
import { create } from 'content-disposition'

/** Longest name, extension included (file systems allow 255 bytes; UTF-8 takes up to 4 a character). */
const MAX_NAME_CHARACTERS = 120

const PLAIN: Record<string, string> = {
  '’': "'",
  '‘': "'",
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  œ: 'oe',
  Œ: 'OE',
  æ: 'ae',
  Æ: 'AE',
  ß: 'ss',
  '€': 'EUR',
}

/** Characters no file name may hold (Windows forbids these; / and \ separate paths everywhere). */
const FORBIDDEN = /[\u0000-\u001f\u007f<>:"/\\|?*]/g

/**
 * Control characters (C0, DEL, C1), line and paragraph separators: they break a name across lines.
 * Invisible format characters (Unicode category Cf), among them the bidirectional controls
 * (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C): U+202E shown in « facture\u202Efdp.exe »
 * reverses what follows it, so a name ending in « .exe » reads as « …exe.pdf » — a spoofed extension.
 */
const CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]/gu
const INVISIBLE = /\p{Cf}/gu

/**
 * A name without control characters (replaced by spaces) nor invisible format and bidirectional
 * characters (removed). Every name a download is saved under passes here (attachmentDisposition,
 * fileNameFromTitle).
 */
export function stripUnsafeCharacters(name: string): string {
  return name.replace(INVISIBLE, '').replace(CONTROLS, ' ')
}

/**
 * A file name from a title: forbidden characters replaced by spaces, spaces collapsed, no leading
 * or trailing dot or space, at most MAX_NAME_CHARACTERS with its extension; `fallback` when nothing
 * is left.
 */
export function fileNameFromTitle(title: string, extension: string, fallback = 'export'): string {
  const base = stripUnsafeCharacters(title.normalize('NFC'))
    .replace(FORBIDDEN, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
  const room = MAX_NAME_CHARACTERS - extension.length - 1
  const cut = [...base].slice(0, room).join('').trimEnd()
  return `${cut || fallback}.${extension}`
}

/** The name in printable ASCII: accents removed, typographic signs made plain, others as "_". */
export function asciiFileName(name: string): string {
  return [...name.normalize('NFD')]
    .map((c) => PLAIN[c] ?? c)
    .join('')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_')
}

/**
 * `attachment; filename="<ASCII>"; filename*=UTF-8''<name>` (filename* only when they differ), the
 * name stripped of control and bidirectional characters first (`fallback` if nothing is left).
 */
export function attachmentDisposition(name: string, fallback = 'download'): string {
  const safe = stripUnsafeCharacters(name.normalize('NFC')).replace(/\s+/g, ' ').trim() || fallback
  return create(safe, { fallback: asciiFileName(safe) })
}
