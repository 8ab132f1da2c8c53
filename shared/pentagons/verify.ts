import { add, div, eq, mul, neg, sign, sub, ZERO, type Root2 } from '../exact/root2'

/**
 * An independent check of a dissection, in exact arithmetic and with none of the search's
 * geometry (no directions, lattices or normal forms): each part congruent to a piece of the set,
 * each piece used as often as the set has it, no two parts overlapping, every part inside the
 * figure, and the parts' areas adding up to the figure's. Parts inside the figure, pairwise
 * without common interior and of the same total area cover it exactly.
 *
 * Overlaps and containment are measured as areas: every polygon is cut into triangles (ear
 * clipping) and triangles are clipped against triangles (Sutherland–Hodgman).
 */
type P = readonly [Root2, Root2]

export interface VerifyPart {
  readonly piece: string
  readonly corners: readonly P[]
}

export interface VerifySetPiece {
  readonly name: string
  readonly corners: readonly P[]
  readonly count: number
}

/** What is wrong, as a sentence; undefined if the dissection is right. */
export function verifyDissection(
  figure: readonly P[],
  parts: readonly VerifyPart[],
  set: readonly VerifySetPiece[],
): string | undefined {
  return verifyRegionDissection([figure], [], parts, set)
}

/**
 * The same for a figure that is a region: its outlines less its holes (each hole inside an
 * outline). The area of a part inside it is the area inside its outlines less that inside its
 * holes.
 */
export function verifyRegionDissection(
  outlines: readonly (readonly P[])[],
  holes: readonly (readonly P[])[],
  parts: readonly VerifyPart[],
  set: readonly VerifySetPiece[],
): string | undefined {
  const used = new Map<string, number>()
  for (const [i, part] of parts.entries()) {
    const piece = set.find((p) => p.name === part.piece)
    if (!piece) return `part ${i + 1} is a "${part.piece}", which the set does not have`
    if (!congruent(part.corners, piece.corners))
      return `part ${i + 1} is not congruent to the piece "${part.piece}"`
    used.set(piece.name, (used.get(piece.name) ?? 0) + 1)
  }
  for (const p of set)
    if ((used.get(p.name) ?? 0) !== p.count)
      return `the set has ${p.count} × "${p.name}", the dissection uses ${used.get(p.name) ?? 0}`
  const outlineTriangles = outlines.flatMap(triangulate)
  const holeTriangles = holes.flatMap(triangulate)
  const triangles = parts.map((p) => triangulate(p.corners))
  for (let i = 0; i < parts.length; i++) {
    const inside = sub(
      overlapArea(triangles[i], outlineTriangles),
      overlapArea(triangles[i], holeTriangles),
    )
    if (!eq(inside, area(parts[i].corners))) return `part ${i + 1} reaches outside the figure`
    for (let j = i + 1; j < parts.length; j++)
      if (sign(overlapArea(triangles[i], triangles[j])) !== 0)
        return `parts ${i + 1} and ${j + 1} overlap`
  }
  const total = parts.reduce((s, p) => add(s, area(p.corners)), ZERO)
  const figureArea = sub(
    outlines.reduce((s, r) => add(s, area(r)), ZERO),
    holes.reduce((s, r) => add(s, area(r)), ZERO),
  )
  if (!eq(total, figureArea)) return 'the parts do not cover the whole figure'
  return undefined
}

function cross3(o: P, a: P, b: P): Root2 {
  return sub(mul(sub(a[0], o[0]), sub(b[1], o[1])), mul(sub(a[1], o[1]), sub(b[0], o[0])))
}

/** Area (not twice), positive. */
function area(poly: readonly P[]): Root2 {
  let s = ZERO
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]
    const q = poly[(i + 1) % poly.length]
    s = add(s, sub(mul(p[0], q[1]), mul(q[0], p[1])))
  }
  const half = div(s, { a: 2n, b: 0n, d: 1n })
  return sign(half) < 0 ? neg(half) : half
}

function ccw(poly: readonly P[]): P[] {
  let s = ZERO
  for (let i = 0; i < poly.length; i++)
    s = add(s, cross3(poly[0], poly[i], poly[(i + 1) % poly.length]))
  return sign(s) < 0 ? [...poly].reverse() : [...poly]
}

/**
 * Congruent under a rotation, a reflection and a translation: the same cyclic sequence of edge
 * lengths (squared) and, at each corner, the same cross and dot product of the two edges there
 * (which, for equal lengths, fix the angle), for the piece or its mirror image.
 */
function congruent(a: readonly P[], b: readonly P[]): boolean {
  if (a.length !== b.length) return false
  const sig = (poly: readonly P[]) => {
    const c = ccw(poly)
    const n = c.length
    return c.map((p, i) => {
      const prev = c[(i + n - 1) % n]
      const next = c[(i + 1) % n]
      const ux = sub(p[0], prev[0])
      const uy = sub(p[1], prev[1])
      const vx = sub(next[0], p[0])
      const vy = sub(next[1], p[1])
      return [
        add(mul(vx, vx), mul(vy, vy)),
        sub(mul(ux, vy), mul(uy, vx)),
        add(mul(ux, vx), mul(uy, vy)),
      ] as const
    })
  }
  const sa = sig(a)
  const mirrored = b.map(([x, y]) => [neg(x), y] as const)
  for (const candidate of [sig(b), sig(mirrored)])
    for (let shift = 0; shift < candidate.length; shift++)
      if (
        sa.every((s, i) => s.every((v, k) => eq(v, candidate[(i + shift) % candidate.length][k])))
      )
        return true
  return false
}

/** Ear clipping: a simple polygon as triangles, counter-clockwise. */
function triangulate(poly: readonly P[]): P[][] {
  const rest = ccw(poly).filter((p, i, all) => {
    const prev = all[(i + all.length - 1) % all.length]
    const next = all[(i + 1) % all.length]
    return sign(cross3(prev, p, next)) !== 0
  })
  const out: P[][] = []
  while (rest.length > 3) {
    const n = rest.length
    let cut = -1
    for (let i = 0; i < n && cut < 0; i++) {
      const a = rest[(i + n - 1) % n]
      const b = rest[i]
      const c = rest[(i + 1) % n]
      if (sign(cross3(a, b, c)) <= 0) continue
      // An ear holds no other vertex, not even on its sides.
      const holds = rest.some(
        (p, k) =>
          k !== i &&
          k !== (i + n - 1) % n &&
          k !== (i + 1) % n &&
          sign(cross3(a, b, p)) >= 0 &&
          sign(cross3(b, c, p)) >= 0 &&
          sign(cross3(c, a, p)) >= 0,
      )
      if (!holds) cut = i
    }
    if (cut < 0) throw new Error('not a simple polygon')
    out.push([rest[(cut + n - 1) % n], rest[cut], rest[(cut + 1) % n]])
    rest.splice(cut, 1)
  }
  out.push(rest)
  return out
}

/** The area the two sets of triangles share. */
function overlapArea(a: readonly P[][], b: readonly P[][]): Root2 {
  let s = ZERO
  for (const t of a) for (const u of b) s = add(s, area(clip(t, u)))
  return s
}

/** The part of `subject` inside the convex counter-clockwise `window`. */
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
      const sp = sign(cross3(a, b, p))
      const sq = sign(cross3(a, b, q))
      if (sp >= 0) out.push(p)
      if (sp * sq < 0) {
        // Where pq crosses the line ab: p + t·(q − p), t = cross(a,b,p) / (cross(a,b,p) − cross(a,b,q)).
        const cp = cross3(a, b, p)
        const t = div(cp, sub(cp, cross3(a, b, q)))
        out.push([add(p[0], mul(t, sub(q[0], p[0]))), add(p[1], mul(t, sub(q[1], p[1])))])
      }
    }
  }
  return out.length >= 3 ? out : []
}
