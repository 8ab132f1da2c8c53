/**
 * An independent check of a tiling, sharing no code with the solvers: from the piece polygons as
 * given, the emitted moves and the figure polygon alone, it confirms that
 *  - each placed piece is a legal move of its piece (a symmetry of the square, a turn only for a
 *    one-sided piece, then an integer translation),
 *  - every piece is used exactly its count (or within its range),
 *  - the placed pieces cover the figure exactly: every quarter triangle of the lattice inside the
 *    figure lies in exactly one piece, and none outside the figure lies in any.
 * Quarter triangles are sampled at one interior point each; no lattice edge passes through such a
 * point, so a point-in-polygon test decides membership of the whole quarter.
 */
export interface VerifyPiece {
  readonly name: string
  readonly polygon: readonly (readonly [number, number])[]
  readonly count: number
  /** The fewest copies, for a count range (a tiling may use min to count copies). */
  readonly min?: number
  /** False for a one-sided piece: a move may turn it, never turn it over. */
  readonly flip?: boolean
}

export interface VerifyMove {
  readonly piece: number
  /** The symmetry as a 2×2 integer matrix [a, b, c, d]: (x, y) → (a·x + b·y, c·x + d·y). */
  readonly matrix: readonly [number, number, number, number]
  readonly dx: number
  readonly dy: number
}

type Ring = readonly (readonly [number, number])[]

/**
 * A figure: one polygon, or parts each an outline with holes. A point lies in it when it lies
 * inside an odd number of its rings (rings do not cross), whatever their orientation.
 */
export type VerifyFigure =
  Ring | readonly { readonly outline: Ring; readonly holes: readonly Ring[] }[]

/** Returns undefined if the tiling is valid, otherwise what is wrong. */
export function verifyTiling(
  figure: VerifyFigure,
  pieces: readonly VerifyPiece[],
  moves: readonly VerifyMove[],
): string | undefined {
  const rings: Ring[] = figure.flatMap((p) => ('outline' in p ? [p.outline, ...p.holes] : []))
  if (rings.length === 0) rings.push(figure as Ring)
  const used = new Array<number>(pieces.length).fill(0)
  const placed: [number, number][][] = []
  for (const [i, m] of moves.entries()) {
    if (!Number.isInteger(m.piece) || m.piece < 0 || m.piece >= pieces.length)
      return `move ${i} names no piece`
    const [a, b, c, d] = m.matrix
    const orthogonal =
      [a, b, c, d].every((v) => v === 0 || v === 1 || v === -1) &&
      a * a + c * c === 1 &&
      b * b + d * d === 1 &&
      a * b + c * d === 0
    if (!orthogonal) return `move ${i} is not a symmetry of the square`
    if (pieces[m.piece].flip === false && a * d - b * c < 0)
      return `move ${i} turns the one-sided piece "${pieces[m.piece].name}" over`
    if (!Number.isInteger(m.dx) || !Number.isInteger(m.dy))
      return `move ${i} is not a lattice translation`
    used[m.piece]++
    placed.push(
      pieces[m.piece].polygon.map(([x, y]) => [a * x + b * y + m.dx, c * x + d * y + m.dy]),
    )
  }
  for (let p = 0; p < pieces.length; p++) {
    const least = pieces[p].min ?? pieces[p].count
    if (used[p] < least || used[p] > pieces[p].count)
      return least === pieces[p].count
        ? `piece "${pieces[p].name}" is used ${used[p]} times, not ${pieces[p].count}`
        : `piece "${pieces[p].name}" is used ${used[p]} times, not ${least} to ${pieces[p].count}`
  }
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const poly of [...rings, ...placed]) {
    for (const [x, y] of poly) {
      minX = Math.min(minX, x)
      minY = Math.min(minY, y)
      maxX = Math.max(maxX, x)
      maxY = Math.max(maxY, y)
    }
  }
  // Interior points of the four quarters of a cell, times 4 to stay in integers.
  const probes = [
    [3, 2],
    [2, 3],
    [1, 2],
    [2, 1],
  ]
  const rings4 = rings.map((ring) => ring.map(([x, y]) => [4 * x, 4 * y] as const))
  const placed4 = placed.map((poly) => poly.map(([x, y]) => [4 * x, 4 * y] as const))
  for (let cx = minX; cx < maxX; cx++) {
    for (let cy = minY; cy < maxY; cy++) {
      for (const [ox, oy] of probes) {
        const px = 4 * cx + ox
        const py = 4 * cy + oy
        const inFigure = rings4.filter((ring) => winding(ring, px, py) !== 0).length % 2 === 1
        let hits = 0
        for (const poly of placed4) if (winding(poly, px, py) !== 0) hits++
        const where = `(${px / 4}, ${py / 4})`
        if (inFigure && hits === 0) return `the point ${where} of the figure is not covered`
        if (hits > 1) return `pieces overlap at ${where}`
        if (!inFigure && hits > 0) return `a piece sticks out of the figure at ${where}`
      }
    }
  }
  return undefined
}

/** Winding number of a closed polygon around a point not on its boundary. */
function winding(poly: readonly (readonly [number, number])[], px: number, py: number): number {
  let w = 0
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i]
    const [x2, y2] = poly[(i + 1) % poly.length]
    const side = (x2 - x1) * (py - y1) - (px - x1) * (y2 - y1)
    if (y1 <= py) {
      if (y2 > py && side > 0) w++
    } else if (y2 <= py && side < 0) w--
  }
  return w
}
