/**
 * Counts already worked out for the phases of homo.ts and hetero.ts, by the row's string. One Map
 * per string length: a JS Map holds at most 2^24 entries, and the largest counts (n = 23) need
 * more than that in all.
 */
export class Memo {
  private readonly shards: Map<string, number>[] = []

  get size(): number {
    return this.shards.reduce((s, m) => s + (m?.size ?? 0), 0)
  }

  get(key: string): number | undefined {
    return this.shards[key.length]?.get(key)
  }

  set(key: string, value: number): void {
    ;(this.shards[key.length] ??= new Map()).set(key, value)
  }
}
