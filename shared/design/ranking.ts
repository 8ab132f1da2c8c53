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
 * outlines and tilings); among tied sets, those first by `order` come first (by default, those
 * offered first), so that sets offered in any order rank as they would in the order given.
 */
export class TopSets<T extends Rank> {
  private readonly kept: T[] = []

  constructor(
    readonly top: number,
    private readonly order: (a: T, b: T) => number = () => 0,
  ) {}

  /** The rank a set must reach to be kept, once `top` sets are; undefined before. */
  threshold(): Rank | undefined {
    return this.kept.length >= this.top ? this.kept[this.top - 1] : undefined
  }

  offer(set: T): void {
    const bar = this.threshold()
    if (bar && compareRanks(set, bar) > 0) return
    // After the last of its rank: a stable order for ties.
    let at = this.kept.length
    const before = (a: T, b: T) => (compareRanks(a, b) || this.order(a, b)) < 0
    while (at > 0 && before(set, this.kept[at - 1])) at--
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
