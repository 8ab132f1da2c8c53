/** What sets are ranked by: the outlines they make, then their tilings. */
export interface Rank {
  readonly outlines: number
  readonly tilings: number
}

/** Best first: more outlines, then more tilings. */
export function compareRanks(a: Rank, b: Rank): number {
  return b.outlines - a.outlines || b.tilings - a.tilings
}

/**
 * The best `top` sets offered so far, and every set tied with the last of them (the same
 * outlines and tilings); among tied sets, those offered first come first.
 */
export class TopSets<T extends Rank> {
  private readonly kept: T[] = []

  constructor(readonly top: number) {}

  /** The rank a set must reach to be kept, once `top` sets are; undefined before. */
  threshold(): Rank | undefined {
    return this.kept.length >= this.top ? this.kept[this.top - 1] : undefined
  }

  offer(set: T): void {
    const bar = this.threshold()
    if (bar && compareRanks(set, bar) > 0) return
    // After the last of its rank: a stable order for ties.
    let at = this.kept.length
    while (at > 0 && compareRanks(set, this.kept[at - 1]) < 0) at--
    this.kept.splice(at, 0, set)
    const last = this.threshold()
    if (!last) return
    let end = this.top
    while (end < this.kept.length && compareRanks(this.kept[end], last) === 0) end++
    this.kept.length = end
  }

  list(): readonly T[] {
    return this.kept
  }
}
