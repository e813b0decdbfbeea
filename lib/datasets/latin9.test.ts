import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import fc from 'fast-check'
import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { encodeLatin9, Latin9Converter, Latin9Encoder } from './latin9'

describe('Latin-9 encoder', () => {
  it('encodes the characters Latin-9 added over Latin-1 at their own bytes', () => {
    const { bytes, replaced } = encodeLatin9('é€œŒšŠžŽŸ')
    expect([...bytes]).toEqual([0xe9, 0xa4, 0xbd, 0xbc, 0xa8, 0xa6, 0xb8, 0xb4, 0xbe])
    expect(replaced).toBe(0)
  })

  it('replaces each character Latin-9 cannot hold by one "?" and counts it', () => {
    // ¤ and ½ are Latin-1 only; ’ and Ł are outside both; 😀 is one character of four bytes.
    const { bytes, replaced } = encodeLatin9('a¤b½c’dŁe😀f?')
    expect(bytes.toString('latin1')).toBe('a?b?c?d?e?f?')
    expect(replaced).toBe(5)
  })

  it('agrees with iconv-lite on every character Latin-9 holds', () => {
    const text = Array.from({ length: 0x20ad }, (_, cp) => cp)
      .filter((cp) => cp < 0xd800 || cp > 0xdfff)
      .map((cp) => String.fromCharCode(cp))
      .join('')
    const ours = encodeLatin9(text)
    const theirs = iconv.encode(text, 'iso-8859-15')
    expect(ours.bytes.equals(theirs)).toBe(true)
    // 256 Latin-9 code points among them; the rest is replaced.
    expect(ours.replaced).toBe(text.length - 256)
  })

  it('gives the same bytes and count however the input is split (sequences across chunks)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (text, cuts) => {
          const whole = encodeLatin9(text)
          const utf8 = Buffer.from(text)
          const points = [...new Set(cuts.map((c) => c % (utf8.length + 1)))].sort((a, b) => a - b)
          const converter = new Latin9Converter()
          const parts: Buffer[] = []
          let last = 0
          for (const point of [...points, utf8.length]) {
            parts.push(converter.convert(utf8.subarray(last, point)))
            last = point
          }
          parts.push(converter.end())
          expect(Buffer.concat(parts).equals(whole.bytes)).toBe(true)
          expect(converter.replaced).toBe(whole.replaced)
        },
      ),
    )
  })

  it('works as a stream stage', async () => {
    const encoder = new Latin9Encoder()
    const utf8 = Buffer.from('Société Œuvre 10 €\n’\n')
    const chunks = [utf8.subarray(0, 5), utf8.subarray(5, 17), utf8.subarray(17)]
    const out = await buffer(Readable.from(chunks).pipe(encoder))
    expect(out.toString('latin1')).toBe('Soci\u00e9t\u00e9 \u00bcuvre 10 \u00a4\n?\n')
    expect(encoder.replaced).toBe(1)
  })
})
