import { InputError } from '../errors'
import { cross, onSegment, pointEq, type XPoint } from '../exact/geometry'
import { sign } from '../exact/root2'
import { commonScale, scalePolygon } from './scale'
import type { OffPart } from './search'
import { overlaps, within, zpolygon, type ZPolygon } from './zgeometry'

/**
 * What is wrong with a figure of exact rings as a region (the board issue's model: parts, each an
 * outline with holes, rings meeting at most at points), as a sentence, or undefined. Each ring is
 * simple already (`exactRegionFromJson`); here: no side two rings share (a hole opening onto the
 * outside, two parts that are one), each hole inside its outline, no two holes of a part and no
 * two parts overlapping (a part may lie in another's hole). Decided exactly, as the search does.
 */
export function exactRegionProblem(parts: readonly OffPart[]): string | undefined {
  if (parts.length === 0) return 'has no parts: "polygons" lists at least one'
  const many = parts.length > 1
  const partName = (i: number) => (many ? `part ${i + 1}` : 'the outline')
  const holeName = (i: number, j: number) => `${many ? `part ${i + 1}, ` : ''}hole ${j + 1}`
  // One ring: simple already, nothing to lie together.
  if (!many && parts[0].holes.length === 0) return undefined
  const rings = parts.flatMap((p, i) => [
    { name: partName(i), corners: p.outline },
    ...p.holes.map((h, j) => ({ name: holeName(i, j), corners: h })),
  ])
  for (let r = 0; r < rings.length; r++)
    for (let q = 0; q < r; q++)
      if (shareSide(rings[q].corners, rings[r].corners))
        return `${rings[q].name} and ${rings[r].name} share a side: rings may meet at points only`
  let z: { outline: ZPolygon; holes: ZPolygon[] }[]
  try {
    const scale = commonScale(rings.flatMap((r) => r.corners))
    const zring = (corners: readonly XPoint[]) =>
      zpolygon(scalePolygon(corners, scale, 'the figure'))
    z = parts.map((p) => ({ outline: zring(p.outline), holes: p.holes.map(zring) }))
  } catch (e) {
    if (e instanceof InputError) return e.message
    throw e
  }
  for (const [i, p] of z.entries()) {
    for (const [j, h] of p.holes.entries()) {
      if (!within(h, { rings: [p.outline] })) return `${holeName(i, j)} is not inside its outline`
      for (let k = 0; k < j; k++)
        if (overlaps(h, p.holes[k]))
          return `${many ? `part ${i + 1}: ` : ''}holes ${k + 1} and ${j + 1} overlap`
    }
    for (let k = 0; k < i; k++) {
      const inHole = (a: ZPolygon, b: { holes: ZPolygon[] }) =>
        b.holes.some((h) => within(a, { rings: [h] }))
      if (overlaps(p.outline, z[k].outline) && !inHole(p.outline, z[k]) && !inHole(z[k].outline, p))
        return `parts ${k + 1} and ${i + 1} overlap`
    }
  }
  return undefined
}

/** Do two rings run along one side for some length (not only meet at points)? */
function shareSide(u: readonly XPoint[], w: readonly XPoint[]): boolean {
  for (let i = 0; i < u.length; i++) {
    const a = u[i]
    const b = u[(i + 1) % u.length]
    for (let j = 0; j < w.length; j++) {
      const c = w[j]
      const d = w[(j + 1) % w.length]
      if (sign(cross(a, b, c)) !== 0 || sign(cross(a, b, d)) !== 0) continue
      // On one line: they share a length if an end of one lies inside the other, or both ends.
      const inside = (p: XPoint, s: XPoint, t: XPoint) =>
        onSegment(p, s, t) && !pointEq(p, s) && !pointEq(p, t)
      if (inside(c, a, b) || inside(d, a, b) || inside(a, c, d) || inside(b, c, d)) return true
      if ((pointEq(a, c) && pointEq(b, d)) || (pointEq(a, d) && pointEq(b, c))) return true
    }
  }
  return false
}
