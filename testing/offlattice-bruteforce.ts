import {
  add,
  cmp,
  div,
  eq,
  fromInt,
  keyOf,
  mul,
  neg,
  sign,
  sub,
  ZERO,
  type Root2,
} from '../shared/exact/root2'

/**
 * A plain brute force for tilings off the lattice, the reference the exact search is tested
 * against. It shares none of the search's geometry (no directions, sectors, masks or scaling):
 * numbers are the bigint field Q(√2) (`shared/exact/root2.ts`), its own turns by 45°, and every
 * decision is an area. A convex piece lies in the figure when the part of it inside has its whole
 * area (each ring clipped by the piece, Sutherland–Hodgman, which keeps the area of a clip of any
 * simple polygon by a convex one); two pieces overlap when their clip has area.
 *
 * Pieces are laid in any order, each in any of its 16 (or 8) images with any of its corners on a
 * corner of the figure or of a piece laid, inside the figure and overlapping none laid; every set
 * of pieces laid is expanded once, and those that use the whole set are the tilings (inside,
 * pairwise apart, of the figure's area). Every tiling is reached: in some order each piece has a
 * corner on a corner laid before (the piece at the lowest point still uncovered has a corner
 * there, which is a corner of the figure or of a piece laid). Classes by mapping whole tilings
 * under the figure's symmetries.
 * Slow on purpose: convex pieces, a few of them.
 */
type P = readonly [Root2, Root2]

export interface BrutePieceX {
  readonly corners: readonly P[]
  readonly count: number
  readonly flip: boolean
}

export interface OffBruteResult {
  readonly fixed: number
  readonly classes: number
}

const H: Root2 = { a: 0n, b: 1n, d: 2n }
const key = (p: P) => `${keyOf(p[0])};${keyOf(p[1])}`

/** Turn by k·45° counter-clockwise, after a mirror in the y-axis if `mirror`. */
function move(p: P, k: number, mirror: boolean): P {
  let x = mirror ? neg(p[0]) : p[0]
  let y = p[1]
  for (let i = 0; i < k; i++) [x, y] = [mul(H, sub(x, y)), mul(H, add(x, y))]
  return [x, y]
}

function signedArea2(poly: readonly P[]): Root2 {
  let s = ZERO
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]
    const q = poly[(i + 1) % poly.length]
    s = add(s, sub(mul(p[0], q[1]), mul(q[0], p[1])))
  }
  return s
}

const absolute = (x: Root2) => (sign(x) < 0 ? neg(x) : x)
const ccw = (poly: readonly P[]) => (sign(signedArea2(poly)) < 0 ? [...poly].reverse() : [...poly])

function cross(o: P, a: P, b: P): Root2 {
  return sub(mul(sub(a[0], o[0]), sub(b[1], o[1])), mul(sub(a[1], o[1]), sub(b[0], o[0])))
}

/** The subject clipped by the convex counter-clockwise window. */
function clip(subject: readonly P[], window: readonly P[]): P[] {
  let out: P[] = [...subject]
  for (let i = 0; i < window.length && out.length > 0; i++) {
    const a = window[i]
    const b = window[(i + 1) % window.length]
    const input = out
    out = []
    for (let k = 0; k < input.length; k++) {
      const p = input[k]
      const q = input[(k + 1) % input.length]
      const cp = cross(a, b, p)
      const cq = cross(a, b, q)
      if (sign(cp) >= 0) out.push(p)
      if (sign(cp) * sign(cq) < 0) {
        const t = div(cp, sub(cp, cq))
        out.push([add(p[0], mul(t, sub(q[0], p[0]))), add(p[1], mul(t, sub(q[1], p[1])))])
      }
    }
  }
  return out.length >= 3 ? out : []
}

/**
 * Every tiling of the figure (`outlines` less `holes`, rings as corner lists) by the pieces,
 * counted on the fixed figure and up to its symmetries (free pieces: each maps onto itself).
 */
export function bruteForceOffLattice(
  outlines: readonly (readonly P[])[],
  holes: readonly (readonly P[])[],
  pieces: readonly BrutePieceX[],
): OffBruteResult {
  const rings = [...outlines.map(ccw), ...holes.map(ccw)]
  const signs = [...outlines.map(() => 1), ...holes.map(() => -1)]
  const insideArea = (poly: readonly P[]) => {
    let s = ZERO
    rings.forEach((r, i) => {
      const a = absolute(signedArea2(clip(r, poly)))
      s = signs[i] > 0 ? add(s, a) : sub(s, a)
    })
    return s
  }
  // The figure's bounding box: a piece with a corner outside it is not inside.
  const all = rings.flat()
  const [lo, hi] = [0, 1].map((k) => [
    all.reduce((m, p) => (cmp(p[0], m) * (k ? -1 : 1) < 0 ? p[0] : m), all[0][0]),
    all.reduce((m, p) => (cmp(p[1], m) * (k ? -1 : 1) < 0 ? p[1] : m), all[0][1]),
  ])
  const inBox = (p: P) =>
    cmp(p[0], lo[0]) >= 0 && cmp(p[0], hi[0]) <= 0 && cmp(p[1], lo[1]) >= 0 && cmp(p[1], hi[1]) <= 0
  const images = pieces.map((piece) => {
    const out = new Map<string, P[]>()
    for (const mirror of piece.flip ? [false, true] : [false])
      for (let k = 0; k < 8; k++) {
        const img = ccw(piece.corners.map((p) => move(p, k, mirror)))
        const o = img[0]
        const rel = img.map((p) => [sub(p[0], o[0]), sub(p[1], o[1])] as P)
        out.set([...rel.map(key)].sort().join('|'), rel)
      }
    return [...out.values()]
  })
  // Candidates met so far, by their corners: each tested against the figure once.
  const candidates: { piece: number; corners: P[]; keys: string[] }[] = []
  const byKey = new Map<string, number>()
  const candidate = (piece: number, corners: P[]): number => {
    const keys = corners.map(key)
    const k = `${piece}:${[...keys].sort().join('|')}`
    let id = byKey.get(k)
    if (id === undefined) {
      const inside = corners.every(inBox) && eq(insideArea(corners), absolute(signedArea2(corners)))
      id = inside ? candidates.length : -1
      if (inside) candidates.push({ piece, corners: ccw(corners), keys })
      byKey.set(k, id)
    }
    return id
  }
  const overlapMemo = new Map<number, boolean>()
  const overlap = (i: number, j: number) => {
    const m = i * 1e6 + j
    if (!overlapMemo.has(m))
      overlapMemo.set(
        m,
        sign(signedArea2(clip(candidates[i].corners, candidates[j].corners))) !== 0,
      )
    return overlapMemo.get(m)!
  }
  // Lay pieces in any order, each with a corner on a corner of the figure or of a piece laid;
  // every tiling is reached (in some order), each set of pieces laid is expanded once.
  const figureCorners = rings.flat()
  const tilingSet = new Set<string>()
  const expanded = new Set<string>()
  const left = pieces.map((p) => p.count)
  const go = (laid: number[]) => {
    const state = [...laid].sort((a, b) => a - b).join(',')
    if (expanded.has(state)) return
    expanded.add(state)
    if (left.every((c) => c === 0)) {
      tilingSet.add(state)
      return
    }
    const points = new Map<string, P>()
    for (const p of figureCorners) points.set(key(p), p)
    for (const c of laid) candidates[c].corners.forEach((p) => points.set(key(p), p))
    for (const at of points.values())
      images.forEach((list, piece) => {
        if (left[piece] === 0) return
        for (const img of list)
          for (const c of img) {
            const corners = img.map(
              (p) => [add(p[0], sub(at[0], c[0])), add(p[1], sub(at[1], c[1]))] as P,
            )
            const id = candidate(piece, corners)
            if (id < 0 || laid.includes(id) || laid.some((o) => overlap(id, o))) continue
            left[piece]--
            go([...laid, id])
            left[piece]++
          }
      })
  }
  go([])
  const tilings = [...tilingSet].map((t) => t.split(',').map(Number))
  // Pieces inside, pairwise apart, of the figure's area: the figure is covered.
  const figureArea = rings.reduce(
    (s, r, i) => (signs[i] > 0 ? add : sub)(s, absolute(signedArea2(r))),
    ZERO,
  )
  const total = pieces.reduce(
    (s, p) => add(s, mul(fromInt(p.count), absolute(signedArea2(p.corners)))),
    ZERO,
  )
  if (!eq(total, figureArea)) return { fixed: 0, classes: 0 }

  // Symmetries: the moves that bring the figure's corners and edges onto themselves.
  const lowest = (ps: readonly P[]) =>
    ps.reduce((m, p) => (cmp(p[1], m[1]) < 0 || (eq(p[1], m[1]) && cmp(p[0], m[0]) < 0) ? p : m))
  const edgeSet = (rs: readonly (readonly P[])[], t: P) =>
    rs
      .flatMap((r) =>
        r.map((p, i) => {
          const q = r[(i + 1) % r.length]
          const ends = [p, q].map((x) => key([add(x[0], t[0]), add(x[1], t[1])]))
          return ends.sort().join('~')
        }),
      )
      .sort()
      .join('|')
  const anchor = lowest(rings.flat())
  const own = edgeSet(rings, [neg(anchor[0]), neg(anchor[1])])
  const moves: { k: number; mirror: boolean; t: P }[] = []
  for (const mirror of [false, true])
    for (let k = 0; k < 8; k++) {
      const img = rings.map((r) => r.map((p) => move(p, k, mirror)))
      const a = lowest(img.flat())
      if (edgeSet(img, [neg(a[0]), neg(a[1])]) === own)
        moves.push({ k, mirror, t: [sub(anchor[0], a[0]), sub(anchor[1], a[1])] })
    }
  const tilingKey = (t: readonly number[], m: (typeof moves)[number]) =>
    t
      .map((c) =>
        candidates[c].corners
          .map((p) => {
            const q = move(p, m.k, m.mirror)
            return key([add(q[0], m.t[0]), add(q[1], m.t[1])])
          })
          .sort()
          .join('|'),
      )
      .sort()
      .join('#')
  const classes = new Set(tilings.map((t) => moves.map((m) => tilingKey(t, m)).sort()[0]))
  return { fixed: tilings.length, classes: classes.size }
}
