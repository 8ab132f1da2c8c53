/**
 * A deliberately plain brute force for the triangle puzzle, the reference the solver is tested
 * against. It shares no code with the solver or the verifier: the board is built from corner points
 * on the triangular lattice, two cell sides meet when they join the same two corners (in opposite
 * directions, both cells being read clockwise), every kind of piece is tried in every turn on
 * every cell in reading order, and boards are told apart, and grouped under turns of the big
 * triangle, by comparing whole pictures (the figure half on every cell side). Labelled boards
 * (pieces told apart by index) are counted per picture by trying every way to deal the pieces onto
 * its cells. Slow on purpose; keep inputs tiny.
 *
 * Points are axial lattice coordinates (a, b) = a·east + b·(60° up-right); the big triangle has its
 * apex at (0, 0) and row r of corners at b = −r.
 */

type Pt = readonly [number, number]

export interface BruteResult {
  /** Pictures of the fixed board. */
  readonly fixed: number
  /** Pictures up to turning the big triangle: distinct canonical pictures. */
  readonly upToRotation: number
  /** Boards with pieces told apart by index (turning a piece onto itself is no new board). */
  readonly labelled: number
  /** Every picture of the fixed board as its key (see `describe`), sorted. */
  readonly pictures: readonly string[]
}

/** A cell as its three corners in clockwise order, starting at its leftmost corner. */
type Cell = readonly [Pt, Pt, Pt]

const east = (p: Pt): number => p[0] + p[1] / 2

function bruteCells(rows: number): Cell[] {
  const cells: Cell[] = []
  const at = (r: number, i: number): Pt => [i, -r]
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i <= r; i++) {
      cells.push(clockwiseFromLeft([at(r, i), at(r + 1, i), at(r + 1, i + 1)]))
      if (i < r) cells.push(clockwiseFromLeft([at(r, i), at(r, i + 1), at(r + 1, i + 1)]))
    }
  }
  return cells
}

function clockwiseFromLeft(corners: readonly Pt[]): Cell {
  const [p, q, s] = corners
  // Cross product in the plane (the axial → Cartesian scaling keeps its sign).
  const cross = (east(q) - east(p)) * (s[1] - p[1]) - (east(s) - east(p)) * (q[1] - p[1])
  const cw = cross < 0 ? [p, q, s] : [p, s, q]
  const left = cw.reduce((best, c, k) => (east(c) < east(cw[best]) ? k : best), 0)
  return [cw[left], cw[(left + 1) % 3], cw[(left + 2) % 3]]
}

const sideKey = (a: Pt, b: Pt): string => `${a}>${b}`

/** Turns a point of the big triangle by 120° onto the big triangle. */
const turnPoint = (rows: number, [a, b]: Pt): Pt => [-a - b, a - rows]

export class TriangleBrute {
  private readonly cells: Cell[]
  /** Per cell·3 + side: the cell·3 + side running along it the other way, or −1 on the rim. */
  private readonly facing: number[]
  /** Per cell·3 + side: where it lands when the big triangle turns by 120°. */
  private readonly turned: number[]

  constructor(
    rows: number,
    private readonly pieces: readonly (readonly number[])[],
  ) {
    this.cells = bruteCells(rows)
    const at = new Map<string, number>()
    this.cells.forEach((c, k) => {
      for (let s = 0; s < 3; s++) at.set(sideKey(c[s], c[(s + 1) % 3]), 3 * k + s)
    })
    this.facing = []
    this.turned = []
    this.cells.forEach((c, k) => {
      for (let s = 0; s < 3; s++) {
        const [a, b] = [c[s], c[(s + 1) % 3]]
        this.facing[3 * k + s] = at.get(sideKey(b, a)) ?? -1
        this.turned[3 * k + s] = at.get(sideKey(turnPoint(rows, a), turnPoint(rows, b)))!
      }
    })
  }

  /** Picture key of a board given as (piece, turn) per cell in the solver's cell numbering. */
  describe(board: readonly { piece: number; turn: number }[]): string {
    const values: number[] = []
    board.forEach((p, n) => {
      const k = this.cellOfNumber(n)
      for (let s = 0; s < 3; s++) values[3 * k + s] = this.pieces[p.piece][(s + p.turn) % 3]
    })
    return values.join(' ')
  }

  solve(): BruteResult {
    // Kinds of piece: the same three numbers in some turn.
    const kinds: { sides: readonly number[]; count: number }[] = []
    const turnsOf = (p: readonly number[]) =>
      [0, 1, 2].map((t) => [0, 1, 2].map((s) => p[(s + t) % 3]).join(' '))
    for (const p of this.pieces) {
      const same = kinds.find((k) => turnsOf(p).includes(k.sides.join(' ')))
      if (same) same.count++
      else kinds.push({ sides: p, count: 1 })
    }
    const pictures = new Set<string>()
    const values: number[] = new Array(3 * this.cells.length).fill(0)
    const step = (k: number): void => {
      if (k === this.cells.length) {
        pictures.add(values.join(' '))
        return
      }
      for (const kind of kinds) {
        if (kind.count === 0) continue
        for (let t = 0; t < 3; t++) {
          let fits = true
          for (let s = 0; s < 3; s++) {
            const f = this.facing[3 * k + s]
            const v = kind.sides[(s + t) % 3]
            // Sides of later cells still hold 0.
            if (f >= 0 && values[f] !== 0 && values[f] + v !== 0) fits = false
          }
          if (!fits) continue
          for (let s = 0; s < 3; s++) values[3 * k + s] = kind.sides[(s + t) % 3]
          kind.count--
          step(k + 1)
          kind.count++
          for (let s = 0; s < 3; s++) values[3 * k + s] = 0
        }
      }
    }
    step(0)
    const canonical = new Set<string>()
    let labelled = 0
    for (const key of pictures) {
      const picture = key.split(' ').map(Number)
      canonical.add(this.canonicalKey(picture))
      labelled += this.deals(picture)
    }
    return {
      fixed: pictures.size,
      upToRotation: canonical.size,
      labelled,
      pictures: [...pictures].sort(),
    }
  }

  /** The smallest key among the picture and its two turns. */
  private canonicalKey(picture: readonly number[]): string {
    const keys = [picture.join(' ')]
    let current = picture
    for (let k = 1; k < 3; k++) {
      const next: number[] = []
      current.forEach((v, i) => (next[this.turned[i]] = v))
      keys.push(next.join(' '))
      current = next
    }
    return keys.sort()[0]
  }

  /**
   * Ways to put the pieces, told apart, on the cells so that they show the picture: cells in
   * order, ways[used] summing over the piece dealt last (a count of perfect matchings).
   */
  private deals(picture: readonly number[]): number {
    const shows = (p: number, k: number) =>
      [0, 1, 2].some((t) =>
        [0, 1, 2].every((s) => this.pieces[p][(s + t) % 3] === picture[3 * k + s]),
      )
    const P = this.pieces.length
    const ways = new Array<number>(1 << P).fill(0)
    ways[0] = 1
    for (let used = 0; used < 1 << P; used++) {
      if (ways[used] === 0) continue
      const k = popCount(used)
      for (let p = 0; p < P; p++)
        if (k < P && !(used & (1 << p)) && shows(p, k)) ways[used | (1 << p)] += ways[used]
    }
    return ways[(1 << P) - 1]
  }

  /** The solver numbers cells row by row, left to right: find that cell by its place. */
  private cellOfNumber(n: number): number {
    const r = Math.floor(Math.sqrt(n))
    const top = (c: Cell) => Math.min(...c.map((p) => -p[1]))
    const centre = (c: Cell) => c.reduce((s, p) => s + east(p), 0)
    const inRow = this.cells
      .map((c, k) => ({ c, k }))
      .filter(({ c }) => top(c) === r)
      .sort((x, y) => centre(x.c) - centre(y.c))
    return inRow[n - r * r].k
  }
}

const popCount = (x: number): number => {
  let n = 0
  for (let y = x; y !== 0; y &= y - 1) n++
  return n
}
