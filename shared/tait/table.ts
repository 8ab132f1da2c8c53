/**
 * A layer of the counting: rows (by their two-number key, see state.ts) with how many move
 * sequences reach each. Open addressing in typed arrays, 24 bytes a slot: a JS Map of millions of
 * rows would cost several times that, and the memory a count needs is the size of its largest
 * layer.
 */
export class CountTable {
  private lo: Float64Array
  private hi: Float64Array
  private counts: Float64Array
  private mask: number
  size = 0

  constructor(capacity = 1024) {
    let cap = 16
    while (cap < capacity * 2) cap *= 2
    this.lo = new Float64Array(cap).fill(-1)
    this.hi = new Float64Array(cap)
    this.counts = new Float64Array(cap)
    this.mask = cap - 1
  }

  /** Bytes held by the slots. */
  get bytes(): number {
    return this.lo.length * 24
  }

  private slot(lo: number, hi: number): number {
    // Keys are integers below 2^53: fold both 32-bit halves of each into the hash.
    let h = Math.imul(lo >>> 0, 0x9e3779b1) ^ Math.imul((lo / 4294967296) >>> 0, 0x85ebca6b)
    h ^= Math.imul(hi >>> 0, 0xc2b2ae35) ^ Math.imul((hi / 4294967296) >>> 0, 0x27d4eb2f)
    h ^= h >>> 15
    h = Math.imul(h, 0x2c1b3c6d)
    h ^= h >>> 12
    let i = h & this.mask
    while (this.lo[i] !== -1 && (this.lo[i] !== lo || this.hi[i] !== hi)) i = (i + 1) & this.mask
    return i
  }

  /** Adds to the row's count if it is here; returns whether it was. */
  addIfPresent(lo: number, hi: number, count: number): boolean {
    const i = this.slot(lo, hi)
    if (this.lo[i] === -1) return false
    this.counts[i] += count
    return true
  }

  /** Adds to the row's count, entering the row if it is new. */
  add(lo: number, hi: number, count: number): void {
    const i = this.slot(lo, hi)
    if (this.lo[i] === -1) {
      this.lo[i] = lo
      this.hi[i] = hi
      this.counts[i] = count
      if (++this.size * 2 > this.lo.length) this.grow()
    } else this.counts[i] += count
  }

  /** The row's count, or −1 if the row is not here. */
  find(lo: number, hi: number): number {
    const i = this.slot(lo, hi)
    return this.lo[i] === -1 ? -1 : this.counts[i]
  }

  get(lo: number, hi: number): number {
    const i = this.slot(lo, hi)
    return this.lo[i] === -1 ? 0 : this.counts[i]
  }

  forEach(visit: (lo: number, hi: number, count: number) => void): void {
    for (let i = 0; i < this.lo.length; i++)
      if (this.lo[i] !== -1) visit(this.lo[i], this.hi[i], this.counts[i])
  }

  /** The largest count held (to check that sums stayed exact below 2^53). */
  maxCount(): number {
    let m = 0
    for (let i = 0; i < this.lo.length; i++)
      if (this.lo[i] !== -1 && this.counts[i] > m) m = this.counts[i]
    return m
  }

  private grow(): void {
    const { lo, hi, counts } = this
    const cap = lo.length * 2
    this.lo = new Float64Array(cap).fill(-1)
    this.hi = new Float64Array(cap)
    this.counts = new Float64Array(cap)
    this.mask = cap - 1
    for (let i = 0; i < lo.length; i++) {
      if (lo[i] === -1) continue
      const j = this.slot(lo[i], hi[i])
      this.lo[j] = lo[i]
      this.hi[j] = hi[i]
      this.counts[j] = counts[i]
    }
  }
}
