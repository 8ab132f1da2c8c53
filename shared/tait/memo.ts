/**
 * Counts already worked out for the phases of homo.ts and hetero.ts, by the row's string over a
 * small alphabet. The memo is what a large count's memory goes on (31 M entries for n = 23), so
 * a string is not kept: its two halves are read as numbers in base |alphabet| and the pair is the
 * key of a typed-array table (table.ts), one table per string length (so leading digits of 0 do
 * not collide). That is a few dozen bytes an entry instead of about a hundred in a JS Map, and
 * it lies outside V8's heap, whose limit would stop a count near n = 24. Strings too long for
 * two exact halves (more than 2 × DIGITS) fall back to a Map.
 */
import { CountTable } from './table'

export class Memo {
  private readonly tables: CountTable[] = []
  private readonly long = new Map<string, number>()
  /** Digits in each half of a key: base^digits must stay below 2^53. */
  private readonly digits: number
  private readonly value = new Uint8Array(128)
  private readonly base: number

  /** `alphabet`: every character the strings use. */
  constructor(alphabet: string) {
    this.base = alphabet.length
    for (let i = 0; i < alphabet.length; i++) this.value[alphabet.charCodeAt(i)] = i
    this.digits = Math.floor(53 / Math.log2(this.base))
  }

  get size(): number {
    return this.tables.reduce((s, t) => s + (t?.size ?? 0), 0) + this.long.size
  }

  /** Bytes of the tables' slots (the long strings' Map is not counted). */
  get bytes(): number {
    return this.tables.reduce((s, t) => s + (t?.bytes ?? 0), 0)
  }

  get(key: string): number | undefined {
    const m = key.length
    if (m > 2 * this.digits) return this.long.get(key)
    const table = this.tables[m]
    if (!table) return undefined
    const h = m >> 1
    const found = table.find(this.number(key, 0, h), this.number(key, h, m))
    return found < 0 ? undefined : found
  }

  set(key: string, count: number): void {
    const m = key.length
    if (m > 2 * this.digits) {
      this.long.set(key, count)
      return
    }
    const h = m >> 1
    ;(this.tables[m] ??= new CountTable(64)).add(
      this.number(key, 0, h),
      this.number(key, h, m),
      count,
    )
  }

  private number(key: string, from: number, to: number): number {
    let x = 0
    for (let i = from; i < to; i++) x = x * this.base + this.value[key.charCodeAt(i)]
    return x
  }
}
