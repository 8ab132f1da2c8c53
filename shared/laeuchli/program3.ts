/**
 * An emulation of Läuchli's "Programm 3" (P. Läuchli, Tangram – ein Puzzle-Problem für den
 * Computer, 1967, sections 4–7): for each convex outline of the pieces' total area, the pieces are
 * set one after the other, in a fixed order and all copies of a kind in a row, into the outline;
 * every position of a piece is tried in a fixed numbering, a further copy only after the copy
 * before it, and a lexicographic symmetry test cuts configurations congruent to earlier ones.
 *
 * The paper publishes its statistics (13616 tries, 1451 positions that fit the remaining region,
 * 1326 that also pass the symmetry test; 672 tries for the parallelogram 2, 4√2) but not the
 * conventions behind them: what counts as a try, how positions are numbered. Those are
 * parameters here. What was found (see program3.test.ts): 142 solutions and 1326 passes come out
 * under every numbering; 1451 fits under some; counting a try when the piece's reference cell is
 * still (partly) free gives totals around 13616, and CLOSEST_CONVENTIONS hits 13616 / 1451 / 1326
 * exactly, but then gives 684 tries, not 672, for that parallelogram. No convention tried matches
 * all four numbers, and since some 250 distinct numberings of that rule spread the total over
 * 13589–14137, hitting 13616 exactly is weak evidence on its own.
 */
import { convexOutlines, describePolygon, outlinePolygon } from '../convex/outlines'
import { D4_ELEMENTS, d4Apply, type D4 } from '../lattice/d4'
import type { Point } from '../lattice/polygon'
import { buildTilingProblem, totalPieceArea, type PieceKind } from '../tiling/problem'

/** Where a piece's position is anchored, for numbering positions. */
export type ReferencePoint =
  /** The lower-left corner of the piece's bounding box (the raster origin). */
  | { readonly kind: 'box' }
  /** Vertex i of the piece's (normalised) polygon, carried along rigidly. */
  | { readonly kind: 'vertex'; readonly index: number }
  /** The centroid of the piece's vertices, carried along rigidly. */
  | { readonly kind: 'centroid' }
  /** The centre of the piece's reference cell (see `tryCell`). */
  | { readonly kind: 'tryCell' }

/**
 * Which candidate positions count as a try. The paper's program keeps the free part of the
 * outline as a list of cells ("Felder"), each wholly free or free in one half; a try may be
 * counted before or after the piece's reference cell has been matched against that list.
 */
export type TryRule =
  /** Only positions lying inside the outline are enumerated (and counted). */
  | 'inside'
  /** Every position whose bounding box lies in the outline's bounding box. */
  | 'box'
  /** Positions whose reference cell is a cell of the outline. */
  | 'refCellInOutline'
  /** Positions whose reference cell is a cell of the outline not yet completely covered. */
  | 'refCellFree'
  /** Positions where the piece's part of its reference cell is still free. */
  | 'refFieldFree'
  /** Positions where some of the piece's part of its reference cell is still free. */
  | 'refFieldTouchFree'
  /** 'refCellFree', and the piece lies in the outline's bounding box. */
  | 'refCellFreeInBox'
  /**
   * The reference cell is free enough for the kind of field the piece has there: wholly free for
   * a whole field, at least half free for a half field.
   */
  | 'refCellTypeFree'

/**
 * The piece's reference cell ("Bezugsfeld"): the first of its cells in the scan order, or, per
 * piece kind, cell `index[kind]` of the piece's polygon as given (cells in raster order: bottom
 * row first, left to right), carried along rigidly into every orientation.
 */
export type TryCell =
  { readonly kind: 'first' } | { readonly kind: 'rigid'; readonly index: readonly number[] }

export interface Program3Conventions {
  /**
   * The scan order of reference points: positions are ordered by (y', x') where
   * (x', y') = scan·(x, y); the identity scans rows bottom to top, each row left to right.
   */
  readonly scan: D4
  readonly reference: ReferencePoint
  /** The reference cell, which decides whether a try is counted under the 'ref…' rules. */
  readonly tryCell: TryCell
  /** True: all positions of the first orientation, then the second…; false: point by point. */
  readonly orientationMajor: boolean
  /**
   * Orientations are ranked by the first element of this sequence that turns the piece's input
   * position into them (the input position being the polygon turned by `inputTurn`).
   */
  readonly orientationSequence: readonly D4[]
  /** Per piece kind, the symmetry applied to the polygon before it counts as "as on the card". */
  readonly inputTurn?: readonly D4[]
  readonly tries: TryRule
  /**
   * The group U of the symmetry test. 'configuration': at the start of each piece kind, the
   * symmetries of the outline mapping the pieces set so far onto themselves (the paper's reading:
   * symmetries can only be lost going down the tree). 'outline': always the outline's group.
   */
  readonly group: 'configuration' | 'outline'
  /**
   * How an image configuration is compared: 'sorted' re-sorts the copies of each kind into the
   * order in which the program would have set them; 'unsorted' compares them copy by copy.
   */
  readonly compare: 'sorted' | 'unsorted'
  /**
   * Skip an outline at once when some piece fits nowhere in it (the paper calls these cases
   * trivial: "da schon das grosse Dreieck nicht Platz hat"); otherwise its tries are counted.
   */
  readonly skipUnplaceable?: boolean
}

/**
 * The conventions that come closest to the paper: the free cells are read in rows from top to
 * bottom, each left to right (as a line printer writes); a position is its reference cell and its
 * orientation, numbered cell by cell; the large triangle's reference cell is the square cell at
 * its right angle; a try counts when the reference cell is still (partly) free. This gives 142
 * solutions, 13616 tries, 1451 fits and 1326 passes, but 684 tries for the parallelogram 2, 4√2.
 */
export const CLOSEST_CONVENTIONS: Program3Conventions = {
  scan: 6,
  reference: { kind: 'tryCell' },
  tryCell: { kind: 'rigid', index: [0, 0, 0, 0, 0] },
  orientationMajor: false,
  orientationSequence: D4_ELEMENTS,
  inputTurn: [1, 0, 0, 0, 0],
  tries: 'refCellFree',
  group: 'configuration',
  compare: 'sorted',
}

export interface Program3Stats {
  readonly solutions: number
  /** Positions the program attempts. */
  readonly tried: number
  /** Attempted positions where the piece lies in the still free part of the outline. */
  readonly fit: number
  /** Of those, the positions the symmetry test lets through. */
  readonly passed: number
}

/** The statistics split by the piece being set (slot i is the (i+1)-th piece set). */
export interface Program3Detail extends Program3Stats {
  readonly bySlot: readonly Program3Stats[]
}

/** One candidate position of a piece kind, in the program's numbering. */
interface Candidate {
  /** Placement index, or −1 if the piece leaves the outline. */
  readonly placement: number
  readonly key: readonly number[]
  /** Does the position lie in the outline's bounding box? */
  readonly inBox: boolean
  /** Figure quarters of the reference cell (empty if the cell is outside the outline). */
  readonly cellQuarters: readonly number[]
  /** The piece's quarters in its reference cell, as figure quarters (−1 if outside). */
  readonly fieldQuarters: readonly number[]
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i]
  return 0
}

/**
 * Runs the emulated Program 3 on one outline. `pieces` are set in the given order, all copies of
 * a kind in a row (the paper's precondition for its copy rule).
 */
export function program3(
  pieces: readonly PieceKind[],
  outline: readonly Point[],
  conventions: Program3Conventions = CLOSEST_CONVENTIONS,
  /** Called whenever a piece passes the symmetry test (the paper prints a figure then, Fig. 7). */
  onPass?: (depth: number) => void,
): Program3Detail {
  const problem = buildTilingProblem(outline, pieces)
  const { figure, placements, placementQuarters } = problem
  const slots = pieces.reduce((n, p) => n + p.count, 0)
  if (
    conventions.skipUnplaceable &&
    pieces.some((_, pi) => !placements.some((pl) => pl.piece === pi))
  ) {
    const zero = { solutions: 0, tried: 0, fit: 0, passed: 0 }
    return { ...zero, bySlot: Array.from({ length: slots }, () => zero) }
  }
  const W = figure.width
  const H = figure.height
  const fq = figure.quarters
  const quarterAt = new Map<number, number>()
  for (let k = 0; k < fq.length / 2; k++) quarterAt.set(fq[2 * k] * 65536 + fq[2 * k + 1], k)

  // Candidate positions of each kind, in the program's numbering. A placement's rank is its
  // index in that list; ranks are what the lexicographic test compares.
  const at = new Map<string, number>()
  placements.forEach((pl, p) => at.set(`${pl.piece},${pl.orientation},${pl.tx},${pl.ty}`, p))
  const rank = new Int32Array(placements.length)
  // Cell order of the scan: by (y', x') of the cell centre turned by `scan`.
  const cellKey = (cx: number, cy: number): [number, number] => {
    const [x, y] = d4Apply(conventions.scan, 2 * cx + 1, 2 * cy + 1)
    return [y, x]
  }
  const candidates: Candidate[][] = pieces.map((piece, pi) => {
    const shape = piece.shape
    const turn = conventions.inputTurn?.[pi] ?? 0
    // Orientation rank: first element g of the sequence with g·turn·P in that orientation.
    const orientRank = new Array<number>(shape.orientations.length).fill(Infinity)
    conventions.orientationSequence.forEach((g, i) => {
      const o = shape.image[shape.image[turn].o * 8 + g].o
      if (orientRank[o] === Infinity) orientRank[o] = i
    })
    const list: Candidate[] = []
    shape.orientations.forEach((o, oi) => {
      // The piece's cells, and its first cell in the scan order.
      const q = o.quarters
      let first: [number, number] | undefined
      for (let k = 0; k < q.length; k += 2) {
        const c: [number, number] = [q[k] >> 2, q[k + 1] >> 2]
        if (!first || compareKeys(cellKey(...c), cellKey(...first)) < 0) first = c
      }
      const tc = conventions.tryCell
      const [rcx, rcy] =
        tc.kind === 'first' ? first! : rigidCell(shape.quarters, tc.index[pi] ?? 0, o)
      const fieldLocal: [number, number][] = []
      for (let k = 0; k < q.length; k += 2) {
        if (q[k] >> 2 === rcx && q[k + 1] >> 2 === rcy) fieldLocal.push([q[k], q[k + 1]])
      }
      // Every translation that puts the reference cell into the outline's bounding box.
      for (let ty = -o.height; ty <= H; ty++) {
        for (let tx = -o.width; tx <= W; tx++) {
          const inBox = tx >= 0 && ty >= 0 && tx + o.width <= W && ty + o.height <= H
          const placement = inBox ? (at.get(`${pi},${oi},${tx},${ty}`) ?? -1) : -1
          const cx = rcx + tx
          const cy = rcy + ty
          const cellQuarters: number[] = []
          for (const [lx, ly] of [
            [3, 2],
            [2, 3],
            [1, 2],
            [2, 1],
          ]) {
            const id = quarterAt.get((4 * cx + lx) * 65536 + 4 * cy + ly)
            if (id !== undefined) cellQuarters.push(id)
          }
          const fieldQuarters = fieldLocal.map(
            ([x, y]) => quarterAt.get((x + 4 * tx) * 65536 + y + 4 * ty) ?? -1,
          )
          if (!inBox && cellQuarters.length === 0) continue
          const [rx, ry] =
            conventions.reference.kind === 'tryCell'
              ? [6 * (2 * (rcx + tx) + 1), 6 * (2 * (rcy + ty) + 1)]
              : referencePoint(conventions.reference, shape.polygon, o, tx, ty)
          const [x, y] = d4Apply(conventions.scan, rx, ry)
          const key = conventions.orientationMajor ? [orientRank[oi], y, x] : [y, x, orientRank[oi]]
          list.push({ placement, key, inBox, cellQuarters, fieldQuarters })
        }
      }
    })
    list.sort((a, b) => compareKeys(a.key, b.key))
    list.forEach((c, i) => {
      if (c.placement >= 0) rank[c.placement] = i
    })
    return list
  })

  // The setting order: one slot per copy.
  const slotKind: number[] = []
  pieces.forEach((p, pi) => {
    for (let c = 0; c < p.count; c++) slotKind.push(pi)
  })
  const chosen = new Int32Array(slots) // placement per slot
  const chosenIndex = new Int32Array(slots) // candidate index per slot
  const used = new Uint8Array(fq.length / 2)
  const groupAt: D4[][] = new Array(slots)
  const images = problem.figure.symmetry
    .filter((g) => g !== 0)
    .map((g) => ({ g, map: problem.placementImage.get(g)! }))

  const counts = (c: Candidate): boolean => {
    switch (conventions.tries) {
      case 'inside':
        return c.placement >= 0
      case 'box':
        return c.inBox
      case 'refCellInOutline':
        return c.cellQuarters.length > 0
      case 'refCellFree':
        return c.cellQuarters.some((k) => used[k] === 0)
      case 'refFieldFree':
        return c.fieldQuarters.every((k) => k >= 0 && used[k] === 0)
      case 'refFieldTouchFree':
        return c.fieldQuarters.some((k) => k >= 0 && used[k] === 0)
      case 'refCellFreeInBox':
        return c.inBox && c.cellQuarters.some((k) => used[k] === 0)
      case 'refCellTypeFree': {
        let free = 0
        for (const k of c.cellQuarters) if (used[k] === 0) free++
        return free >= c.fieldQuarters.length
      }
    }
  }

  const triedAt = new Array<number>(slots).fill(0)
  const fitAt = new Array<number>(slots).fill(0)
  const passedAt = new Array<number>(slots).fill(0)
  let solutions = 0

  /** Does g map the pieces of slots [0, end) onto themselves, kind by kind? */
  const stabilizes = (map: Int32Array, end: number): boolean => {
    for (let s = 0; s < end;) {
      let e = s
      while (e < end && slotKind[e] === slotKind[s]) e++
      for (let i = s; i < e; i++) {
        const im = map[chosen[i]]
        let found = false
        for (let j = s; j < e && !found; j++) found = chosen[j] === im
        if (!found) return false
      }
      s = e
    }
    return true
  }

  /** True if the image of slots [0, end] under map is lexicographically earlier. */
  const imageEarlier = (map: Int32Array, end: number): boolean => {
    for (let s = 0; s <= end;) {
      let e = s
      while (e <= end && slotKind[e] === slotKind[s]) e++
      const own: number[] = []
      const img: number[] = []
      for (let i = s; i < e; i++) {
        own.push(rank[chosen[i]])
        img.push(rank[map[chosen[i]]])
      }
      if (conventions.compare === 'sorted') img.sort((a, b) => a - b)
      for (let i = 0; i < own.length; i++) if (img[i] !== own[i]) return img[i] < own[i]
      s = e
    }
    return false
  }

  const place = (slot: number): void => {
    const kind = slotKind[slot]
    const first = slot === 0 || slotKind[slot - 1] !== kind
    if (first) {
      // The group U is fixed when a new kind starts; it can only shrink further down.
      groupAt[slot] =
        conventions.group === 'outline'
          ? images.map((x) => x.g)
          : images.filter((x) => stabilizes(x.map, slot)).map((x) => x.g)
    } else groupAt[slot] = groupAt[slot - 1]
    const U = images.filter((x) => groupAt[slot].includes(x.g))
    const list = candidates[kind]
    // A further copy only takes positions numbered after the copy before it.
    for (let c = first ? 0 : chosenIndex[slot - 1] + 1; c < list.length; c++) {
      if (!counts(list[c])) continue
      triedAt[slot]++
      const p = list[c].placement
      if (p < 0) continue
      const qs = placementQuarters[p]
      let free = true
      for (let k = 0; k < qs.length && free; k++) free = used[qs[k]] === 0
      if (!free) continue
      fitAt[slot]++
      chosen[slot] = p
      chosenIndex[slot] = c
      if (U.some((x) => imageEarlier(x.map, slot))) continue
      passedAt[slot]++
      onPass?.(slot + 1)
      if (slot === slots - 1) {
        solutions++
        continue
      }
      for (let k = 0; k < qs.length; k++) used[qs[k]] = 1
      place(slot + 1)
      for (let k = 0; k < qs.length; k++) used[qs[k]] = 0
    }
  }
  place(0)
  const sum = (a: readonly number[]) => a.reduce((t, v) => t + v, 0)
  return {
    solutions,
    tried: sum(triedAt),
    fit: sum(fitAt),
    passed: sum(passedAt),
    bySlot: triedAt.map((t, i) => ({
      solutions: i === slots - 1 ? solutions : 0,
      tried: t,
      fit: fitAt[i],
      passed: passedAt[i],
    })),
  }
}

/** Cell `index` of the piece as given (raster order), carried into orientation o. */
function rigidCell(
  base: Int32Array,
  index: number,
  o: { readonly g: D4; readonly dx: number; readonly dy: number },
): [number, number] {
  const cells: [number, number][] = []
  for (let k = 0; k < base.length; k += 2) {
    const c: [number, number] = [Math.floor(base[k] / 4), Math.floor(base[k + 1] / 4)]
    if (!cells.some(([x, y]) => x === c[0] && y === c[1])) cells.push(c)
  }
  const [cx, cy] = cells[index % cells.length]
  // Any quarter point of the cell: its centre plus one quarter step to the east.
  const [x, y] = d4Apply(o.g, 4 * cx + 3, 4 * cy + 2)
  return [Math.floor(x / 4) + o.dx, Math.floor(y / 4) + o.dy]
}

function referencePoint(
  ref: ReferencePoint,
  polygon: readonly Point[],
  o: { readonly g: D4; readonly dx: number; readonly dy: number },
  tx: number,
  ty: number,
): [number, number] {
  // Scaled by 12 so that centroids of triangles and quadrilaterals stay integers.
  if (ref.kind === 'box') return [12 * tx, 12 * ty]
  const pts = polygon.map(([x, y]) => d4Apply(o.g, x, y))
  let sx: number
  let sy: number
  if (ref.kind === 'vertex') {
    ;[sx, sy] = pts[ref.index % pts.length].map((v) => 12 * v)
  } else {
    sx = (12 * pts.reduce((s, p) => s + p[0], 0)) / pts.length
    sy = (12 * pts.reduce((s, p) => s + p[1], 0)) / pts.length
  }
  return [sx + 12 * (o.dx + tx), sy + 12 * (o.dy + ty)]
}

export interface OutlineStats extends Program3Stats {
  readonly name: string
}

/** Program 3 over every convex outline of the pieces' total area, with per-outline statistics. */
export function program3AllOutlines(
  pieces: readonly PieceKind[],
  conventions: Program3Conventions = CLOSEST_CONVENTIONS,
): { readonly total: Program3Stats; readonly outlines: readonly OutlineStats[] } {
  const outlines = convexOutlines(totalPieceArea(pieces)).map((o) => {
    const poly = outlinePolygon(o)
    const { solutions, tried, fit, passed } = program3(pieces, poly, conventions)
    return { name: describePolygon(poly), solutions, tried, fit, passed }
  })
  const sum = (f: (s: Program3Stats) => number) => outlines.reduce((t, s) => t + f(s), 0)
  return {
    total: {
      solutions: sum((s) => s.solutions),
      tried: sum((s) => s.tried),
      fit: sum((s) => s.fit),
      passed: sum((s) => s.passed),
    },
    outlines,
  }
}
