/**
 * A plain, independent n-queens counter for the tests: every permutation (one queen per row and
 * column) checked pair by pair for a shared diagonal, and the classes found by writing out all 8
 * images of each solution as sets of squares. No bitboards and nothing shared with the fast
 * counter. Only for small n (n! permutations).
 */

/** Whether the placement (column per row) is n non-attacking queens on an n × n board. */
export function isQueensSolution(queens: readonly number[], n: number): boolean {
  if (queens.length !== n) return false
  for (let i = 0; i < n; i++) {
    if (!Number.isInteger(queens[i]) || queens[i] < 0 || queens[i] >= n) return false
    for (let j = i + 1; j < n; j++) {
      const dc = Math.abs(queens[i] - queens[j])
      if (dc === 0 || dc === j - i) return false
    }
  }
  return true
}

/** Every permutation of 0 … n − 1, in lexicographic order. */
function permutations(n: number, visit: (p: number[]) => void): void {
  const p: number[] = []
  const used = new Array<boolean>(n).fill(false)
  const place = () => {
    if (p.length === n) return visit(p)
    for (let c = 0; c < n; c++) {
      if (used[c]) continue
      used[c] = true
      p.push(c)
      place()
      p.pop()
      used[c] = false
    }
  }
  place()
}

/** The squares of a placement as sorted "row,col" keys, after a map of the board onto itself. */
function imageKey(queens: readonly number[], map: (r: number, c: number) => [number, number]) {
  return queens
    .map((c, r) => map(r, c).join(','))
    .sort()
    .join(' ')
}

/**
 * The 8 images of a placement as keys, in the listings' order (the identity, the quarter turns
 * clockwise, the left–right, top–bottom, main- and anti-diagonal reflections). Independent of the
 * product's table (lattice/d4.ts): each is built from a quarter turn and a left–right flip.
 */
export function bruteImageKeys(queens: readonly number[]): string[] {
  const m = queens.length - 1
  type Map = (r: number, c: number) => [number, number]
  const turn: Map = (r, c) => [c, m - r]
  const flip: Map = (r, c) => [r, m - c]
  const turned =
    (turns: number, first: Map): Map =>
    (r, c) => {
      let p = first(r, c)
      for (let k = 0; k < turns; k++) p = turn(...p)
      return p
    }
  const maps = [
    ...[0, 1, 2, 3].map((t) => turned(t, (r, c) => [r, c])),
    ...[0, 2, 3, 1].map((t) => turned(t, flip)),
  ]
  return maps.map((map) => imageKey(queens, map))
}

export interface BruteQueens {
  total: number
  unique: number
  /** All solutions, column per row, in lexicographic order. */
  solutions: number[][]
}

export function bruteQueens(n: number): BruteQueens {
  const solutions: number[][] = []
  permutations(n, (p) => {
    if (isQueensSolution(p, n)) solutions.push([...p])
  })
  const classes = new Set(solutions.map((s) => bruteImageKeys(s).sort()[0]))
  return { total: solutions.length, unique: classes.size, solutions }
}

/**
 * For t = 1 … n, how many ways there are to put t non-attacking queens in the first t columns
 * (one per column), checking every pair.
 */
export function brutePartialCounts(n: number): number[] {
  const counts = new Array<number>(n).fill(0)
  const rows: number[] = []
  const place = () => {
    const t = rows.length
    for (let r = 0; r < n; r++) {
      if (rows.some((q, c) => q === r || Math.abs(q - r) === t - c)) continue
      counts[t]++
      rows.push(r)
      if (t + 1 < n) place()
      rows.pop()
    }
  }
  place()
  return counts
}
