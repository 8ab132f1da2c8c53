/** A small seeded generator (mulberry32): reproducible estimates and tests. */
export function seededRandom(
  seed: number,
  /** Go on from this state (an earlier generator's `state()`) instead of the seed's start. */
  from?: number,
): (() => number) & { readonly state: () => number } {
  let a = from ?? seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return Object.assign(next, { state: () => a })
}
