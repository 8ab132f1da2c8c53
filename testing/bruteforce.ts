/**
 * A deliberately plain brute force for tiling puzzles, the reference the engine is tested against.
 * It shares no code with the solvers (no exact cover, no tiling problem, no quarter raster, not
 * even the D4 table): the figure and every placed piece are sets of quarter triangles found by
 * point-in-polygon tests, pieces are placed copy by copy in every way that fits, and symmetry
 * classes are found by mapping whole tilings. Slow on purpose; keep inputs tiny.
 *
 * Coordinates are scaled by 6 so that the centroid of each quarter triangle of a cell is an integer
 * point: in cell (cx, cy) the east, north, west and south quarters have the centroids
 * (6cx+5, 6cy+3), (6cx+3, 6cy+5), (6cx+1, 6cy+3), (6cx+3, 6cy+1). None of them lies on a grid
 * line or a diagonal, and a half-square triangle is exactly two quarters.
 */

export type Pt = readonly [number, number]
/** A linear map (x, y) → (a·x + b·y, c·x + d·y). */
export type Matrix = readonly [number, number, number, number]

export interface BrutePiece {
  readonly polygon: readonly Pt[]
  /** The most copies; with `min`, a tiling uses any number from min to count. */
  readonly count: number
  readonly min?: number
  /** False for a one-sided piece: only the turns (the first 4 matrices) place it. */
  readonly flip?: boolean
}

/** A placed piece as a move: the polygon mapped by `matrix` about the origin, then shifted. */
export interface BruteMove {
  readonly piece: number
  readonly matrix: Matrix
  readonly dx: number
  readonly dy: number
}

export interface BruteForceResult {
  /** Tilings of the fixed figure (copies of a piece not told apart). */
  readonly fixed: number
  /**
   * Classes of tilings under the figure's symmetries that map the set to itself: each piece's
   * placements onto placements of itself or, for one-sided pieces, of another piece with as many
   * copies (its mirror twin).
   */
  readonly solutions: number
  /** Every tiling of the fixed figure as its key (see `BruteForce.key`), sorted. */
  readonly tilings: readonly string[]
  /** The canonical key of every class, sorted. */
  readonly classes: readonly string[]
}

/** The 8 symmetries of the square, written out here rather than taken from lattice/d4. */
export const SQUARE_MATRICES: readonly Matrix[] = [
  [1, 0, 0, 1],
  [0, -1, 1, 0],
  [-1, 0, 0, -1],
  [0, 1, -1, 0],
  [-1, 0, 0, 1],
  [1, 0, 0, -1],
  [0, 1, 1, 0],
  [0, -1, -1, 0],
]

const CENTROIDS: readonly Pt[] = [
  [5, 3],
  [3, 5],
  [1, 3],
  [3, 1],
]

/** A piece on the board: its kind and the quarter centroids it covers, sorted by their keys. */
interface Cover {
  readonly kind: number
  readonly points: readonly Pt[]
  readonly key: string
}

/** A symmetry of the figure: p ↦ matrix·p + (sx, sy), in scaled coordinates. */
interface Symmetry {
  readonly matrix: Matrix
  readonly sx: number
  readonly sy: number
}

const pointKey = (p: Pt): string => `${p[0]},${p[1]}`
const pointsKey = (points: readonly Pt[]): string => points.map(pointKey).sort().join(';')

function makeCover(kind: number, points: readonly Pt[]): Cover {
  const keys = points.map(pointKey).sort()
  return { kind, points, key: `${kind}:${keys.join(';')}` }
}

function apply(m: Matrix, p: Pt): [number, number] {
  return [m[0] * p[0] + m[1] * p[1], m[2] * p[0] + m[3] * p[1]]
}

/**
 * Even-odd ray test (a ray towards +x). The query point is a quarter centroid: its y is never a
 * multiple of 6, so the ray passes through no vertex, and it lies on no edge.
 */
function inside(poly6: readonly Pt[], px: number, py: number): boolean {
  let odd = false
  for (let i = 0; i < poly6.length; i++) {
    const [x1, y1] = poly6[i]
    const [x2, y2] = poly6[(i + 1) % poly6.length]
    if (y1 > py !== y2 > py) {
      const x = x1 + ((py - y1) * (x2 - x1)) / (y2 - y1)
      if (px < x) odd = !odd
    }
  }
  return odd
}

/**
 * A figure: one polygon, or several rings (outlines and holes, any orientation, meeting at most
 * at points), a point being inside when an odd number of rings surround it.
 */
export type BruteFigure = readonly Pt[] | readonly (readonly Pt[])[]

const ringsOf = (figure: BruteFigure): (readonly Pt[])[] =>
  typeof figure[0][0] === 'number' ? [figure as readonly Pt[]] : [...(figure as readonly Pt[][])]

/** The quarter centroids inside a lattice polygon or rings (unscaled vertices), scaled by 6. */
export function quarterCentroids(figure: BruteFigure): Pt[] {
  const rings = ringsOf(figure)
  const rings6 = rings.map((ring) => ring.map(([x, y]) => [6 * x, 6 * y] as const))
  const xs = rings.flat().map((p) => p[0])
  const ys = rings.flat().map((p) => p[1])
  const out: Pt[] = []
  for (let cx = Math.min(...xs); cx < Math.max(...xs); cx++) {
    for (let cy = Math.min(...ys); cy < Math.max(...ys); cy++) {
      for (const [ox, oy] of CENTROIDS) {
        const p: Pt = [6 * cx + ox, 6 * cy + oy]
        if (rings6.filter((r) => inside(r, p[0], p[1])).length % 2 === 1) out.push(p)
      }
    }
  }
  return out
}

export class BruteForce {
  /** The figure's quarters, and each one's index. */
  private readonly figure: readonly Pt[]
  private readonly index = new Map<string, number>()
  readonly symmetries: readonly Symmetry[]
  /** Distinct placements of each kind, as covers and as quarter indices. */
  readonly placements: readonly (readonly Cover[])[]
  private readonly placementCells: readonly (readonly number[][])[]

  constructor(
    figure: BruteFigure,
    readonly pieces: readonly BrutePiece[],
  ) {
    this.figure = quarterCentroids(figure)
    this.figure.forEach((p, i) => this.index.set(pointKey(p), i))
    const placements: Cover[][] = []
    const cells: number[][][] = []
    pieces.forEach((piece, kind) => {
      const seen = new Set<string>()
      const list: Cover[] = []
      const ids: number[][] = []
      for (const m of piece.flip === false ? SQUARE_MATRICES.slice(0, 4) : SQUARE_MATRICES) {
        const base = quarterCentroids(piece.polygon.map((p) => apply(m, p)))
        // Every cell translation that keeps the piece's box inside the figure's box.
        const [lo, hi] = [cellBox(base), cellBox(this.figure)]
        for (let dx = hi.minX - lo.minX; dx <= hi.maxX - lo.maxX; dx++) {
          for (let dy = hi.minY - lo.minY; dy <= hi.maxY - lo.maxY; dy++) {
            const pts: Pt[] = base.map(([x, y]) => [x + 6 * dx, y + 6 * dy] as const)
            const at = pts.map((p) => this.index.get(pointKey(p)))
            if (at.some((i) => i === undefined)) continue
            const cover = makeCover(kind, pts)
            if (seen.has(cover.key)) continue
            seen.add(cover.key)
            list.push(cover)
            ids.push(at as number[])
          }
        }
      }
      placements.push(list)
      cells.push(ids)
    })
    this.placements = placements
    this.placementCells = cells
    for (const [kind, list] of placements.entries())
      for (const c of list)
        this.kindsAt.set(pointsKey(c.points), [
          ...(this.kindsAt.get(pointsKey(c.points)) ?? []),
          kind,
        ])
    this.symmetries = this.findSymmetries().filter((s) =>
      placements.every((list) => list.every((c) => this.mapCover(c, s) !== undefined)),
    )
  }

  /** The kinds that have a placement on exactly these points. */
  private readonly kindsAt = new Map<string, number[]>()

  /**
   * A placement's image under a symmetry, as a placement of its own kind or else of another
   * kind with as many copies; undefined if there is none (the symmetry does not map the set to
   * itself).
   */
  private mapCover(c: Cover, s: Symmetry): Cover | undefined {
    const points = c.points.map((p) => {
      const [x, y] = apply(s.matrix, p)
      return [x + s.sx, y + s.sy] as const
    })
    const kinds = this.kindsAt.get(pointsKey(points)) ?? []
    const kind = kinds.includes(c.kind)
      ? c.kind
      : kinds.find(
          (k) =>
            this.pieces[k].count === this.pieces[c.kind].count &&
            this.pieces[k].min === this.pieces[c.kind].min,
        )
    return kind === undefined ? undefined : makeCover(kind, points)
  }

  /** Quarters in the figure. */
  get quarterCount(): number {
    return this.figure.length
  }

  /**
   * Every tiling, piece copy by piece copy; copies of one kind take increasing placements. With
   * count ranges, every choice of counts in turn, each searched alike.
   */
  solve(): BruteForceResult {
    const tilings: string[] = []
    const classes = new Set<string>()
    const choose = (kind: number, copies: number[]): void => {
      if (kind === this.pieces.length) return this.solveCopies(copies, tilings, classes)
      const p = this.pieces[kind]
      for (let c = p.min ?? p.count; c <= p.count; c++)
        choose(kind + 1, [...copies, ...Array<number>(c).fill(kind)])
    }
    choose(0, [])
    tilings.sort()
    return { fixed: tilings.length, solutions: classes.size, tilings, classes: [...classes].sort() }
  }

  /** The tilings by exactly these copies (kinds, each kind's together). */
  private solveCopies(copies: readonly number[], tilings: string[], classes: Set<string>): void {
    const used = new Array<boolean>(this.figure.length).fill(false)
    const chosen: Cover[] = []
    const place = (k: number, from: number): void => {
      if (k === copies.length) {
        if (used.every((u) => u)) {
          tilings.push(this.tilingKey(chosen))
          classes.add(this.canonicalKey(chosen))
        }
        return
      }
      const kind = copies[k]
      const list = this.placementCells[kind]
      for (let i = from; i < list.length; i++) {
        if (list[i].some((q) => used[q])) continue
        for (const q of list[i]) used[q] = true
        chosen.push(this.placements[kind][i])
        const next = k + 1 < copies.length && copies[k + 1] === kind ? i + 1 : 0
        place(k + 1, next)
        chosen.pop()
        for (const q of list[i]) used[q] = false
      }
    }
    place(0, 0)
  }

  /** The cover of a move, in this brute force's own terms (it need not fit the figure). */
  coverOf(move: BruteMove): Cover {
    const poly = this.pieces[move.piece].polygon.map((p) => {
      const [x, y] = apply(move.matrix, p)
      return [x + move.dx, y + move.dy] as const
    })
    return makeCover(move.piece, quarterCentroids(poly))
  }

  /** Key, canonical key and class size of a tiling given as moves. */
  describe(moves: readonly BruteMove[]): { key: string; canonical: string; orbit: number } {
    const covers = moves.map((m) => this.coverOf(m))
    const images = new Set(this.symmetries.map((s) => this.tilingKey(this.image(covers, s))))
    return { key: this.tilingKey(covers), canonical: [...images].sort()[0], orbit: images.size }
  }

  private tilingKey(covers: readonly Cover[]): string {
    return covers
      .map((c) => c.key)
      .sort()
      .join(' ')
  }

  private canonicalKey(covers: readonly Cover[]): string {
    let best: string | undefined
    for (const s of this.symmetries) {
      const k = this.tilingKey(this.image(covers, s))
      if (best === undefined || k < best) best = k
    }
    return best!
  }

  private image(covers: readonly Cover[], s: Symmetry): Cover[] {
    return covers.map((c) => this.mapCover(c, s)!)
  }

  /** The matrices (with a lattice shift) that map the figure's quarters onto themselves. */
  private findSymmetries(): Symmetry[] {
    const out: Symmetry[] = []
    const box = cellBox(this.figure)
    for (const matrix of SQUARE_MATRICES) {
      const img = this.figure.map((p) => apply(matrix, p))
      const ib = cellBox(img)
      // The shift must be a whole number of cells; then the point sets must agree.
      const sx = 6 * (box.minX - ib.minX)
      const sy = 6 * (box.minY - ib.minY)
      if (img.every(([x, y]) => this.index.has(pointKey([x + sx, y + sy])))) {
        out.push({ matrix, sx, sy })
      }
    }
    return out
  }
}

/** The cells spanned by a set of quarter centroids. */
function cellBox(points: readonly Pt[]): {
  minX: number
  minY: number
  maxX: number
  maxY: number
} {
  const cx = points.map((p) => Math.floor(p[0] / 6))
  const cy = points.map((p) => Math.floor(p[1] / 6))
  return {
    minX: Math.min(...cx),
    minY: Math.min(...cy),
    maxX: Math.max(...cx),
    maxY: Math.max(...cy),
  }
}

/** Convenience: solve a puzzle outright. */
export function bruteForce(figure: BruteFigure, pieces: readonly BrutePiece[]): BruteForceResult {
  return new BruteForce(figure, pieces).solve()
}
