/**
 * A plain solver of the queens game, to check the fast one (shared/queens/game/engine.ts) in
 * tests: recursion over the free squares with a memo keyed by the free set as a string of 0s and
 * 1s, and nothing else (no symmetry, no components, no table of bounded size). It shares no code
 * with the fast solver, not even the attack rule. An optional nim heap beside the board checks the
 * fast solver's sums.
 */
import type { Square } from '../../shared/queens/game/board'

function attacks(n: number, a: number, b: number): boolean {
  const r = Math.floor(a / n)
  const c = a % n
  const r2 = Math.floor(b / n)
  const c2 = b % n
  return r === r2 || c === c2 || r - c === r2 - c2 || r + c === r2 + c2
}

/** The free set after the queens (assumed legal) as a string: character r·n + c is 1 if free. */
export function plainFree(n: number, queens: readonly Square[]): string {
  let free = ''
  for (let s = 0; s < n * n; s++)
    free += queens.some(([r, c]) => attacks(n, s, r * n + c)) ? '0' : '1'
  return free
}

export class PlainSolver {
  private readonly memo = new Map<string, boolean>()

  constructor(readonly n: number) {}

  /** Whether the player to move wins the free set plus a nim heap of the given size. */
  wins(free: string, heap = 0): boolean {
    const key = `${free}|${heap}`
    let won = this.memo.get(key)
    if (won === undefined) {
      won = false
      for (let h = 0; h < heap && !won; h++) won = !this.wins(free, h)
      for (let s = 0; s < free.length && !won; s++)
        if (free[s] === '1') won = !this.wins(this.after(free, s), heap)
      this.memo.set(key, won)
    }
    return won
  }

  /** The free set after a queen on free square s. */
  after(free: string, s: number): string {
    let out = ''
    for (let t = 0; t < free.length; t++)
      out += free[t] === '1' && !attacks(this.n, s, t) ? '1' : '0'
    return out
  }
}
