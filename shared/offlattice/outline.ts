import {
  area2,
  direction,
  normalizeOrientation,
  onSegment,
  pointEq,
  pointKey,
  type XPoint,
} from '../exact/geometry'
import { cmp, sign } from '../exact/root2'
import { commonScale, scalePolygon } from './scale'
import type { OffPart } from './search'
import { within, zpolygon } from './zgeometry'

/**
 * The outline of pieces laid without overlap (edges in the 8 directions, exact corners): the
 * figure they make, as a region. Every edge is cut at the corners lying on it; a piece of edge
 * that two pieces share runs both ways and cancels; what is left runs round the figure with its
 * inside on the left. Each ring follows, at every corner, the next edge met turning clockwise
 * from the way back, so that a ring keeps to one wedge of the inside and rings meet at most at
 * points; a walk that comes back to a point is cut there, so no ring touches itself.
 * Counter-clockwise rings are outlines, clockwise ones holes, each in the least outline around it.
 */
export function outlineOf(pieces: readonly (readonly XPoint[])[]): OffPart[] {
  const polys = pieces.map((p) => normalizeOrientation(p))
  const corners = polys.flat()
  const out = new Map<string, { to: XPoint; dir: number; used: boolean }[]>()
  const edges = new Map<string, number>()
  const segments: [XPoint, XPoint][] = []
  for (const poly of polys)
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]
      const b = poly[(i + 1) % poly.length]
      const cuts = corners.filter((c) => !pointEq(c, a) && !pointEq(c, b) && onSegment(c, a, b))
      // Along the edge: by x, or by y for a vertical edge, in the edge's sense.
      const k = direction(a, b)! % 4 === 2 ? 1 : 0
      const s = cmp(b[k], a[k])
      const unique = new Map(cuts.map((c) => [pointKey(c), c]))
      const along = [...unique.values()].sort((p, q) => s * cmp(p[k], q[k]))
      const path = [a, ...along, b]
      for (let j = 0; j + 1 < path.length; j++) segments.push([path[j], path[j + 1]])
    }
  for (const [a, b] of segments) {
    const key = `${pointKey(a)}>${pointKey(b)}`
    edges.set(key, (edges.get(key) ?? 0) + 1)
  }
  for (const [a, b] of segments) {
    if (edges.has(`${pointKey(b)}>${pointKey(a)}`)) continue
    const from = pointKey(a)
    if (!out.has(from)) out.set(from, [])
    out.get(from)!.push({ to: b, dir: direction(a, b)!, used: false })
  }
  const rings: XPoint[][] = []
  for (const [startKey, list] of out)
    for (const first of list) {
      if (first.used) continue
      const ring: XPoint[] = []
      let edge = first
      let at = startKey
      while (!edge.used) {
        edge.used = true
        ring.push(edge.to)
        at = pointKey(edge.to)
        const back = (edge.dir + 4) % 8
        const options = out.get(at)!.filter((e) => !e.used || e === first)
        let next = options[0]
        for (let turn = 1; turn < 8; turn++) {
          const found = options.find((e) => e.dir === (back - turn + 8) % 8)
          if (found) {
            next = found
            break
          }
        }
        if (!next) break
        edge = next
      }
      for (const loop of cutAtPinches(ring)) rings.push(straightened(loop))
    }
  const outlines = rings.filter((r) => sign(area2(r)) > 0)
  const holes = rings.filter((r) => sign(area2(r)) < 0)
  // Each hole with the least outline around it (a part may lie in another's hole), so that the
  // region is one a figure file holds.
  const scale = commonScale(rings.flat())
  const z = (r: readonly XPoint[]) =>
    zpolygon(scalePolygon(normalizeOrientation(r), scale, 'outline'))
  const zOutlines = outlines.map(z)
  const sizes = outlines.map((o) => area2(o))
  const parts = outlines.map((outline) => ({ outline, holes: [] as XPoint[][] }))
  for (const hole of holes) {
    const zh = z(hole)
    let best = -1
    for (const [i, zo] of zOutlines.entries())
      if (within(zh, { rings: [zo] }) && (best < 0 || cmp(sizes[i], sizes[best]) < 0)) best = i
    parts[best].holes.push(hole)
  }
  return parts
}

/**
 * A walk that comes back to a point it passed (two wedges of the inside meeting there) cut into
 * a ring each time, so that no ring touches itself.
 */
function cutAtPinches(walk: readonly XPoint[]): XPoint[][] {
  const loops: XPoint[][] = []
  const stack: XPoint[] = []
  const at = new Map<string, number>()
  for (const p of walk) {
    const k = pointKey(p)
    const i = at.get(k)
    if (i === undefined) {
      at.set(k, stack.length)
      stack.push(p)
      continue
    }
    const loop = stack.splice(i + 1)
    for (const q of loop) at.delete(pointKey(q))
    loops.push([p, ...loop])
  }
  loops.push(stack)
  return loops
}

/** Without the corners where the ring runs straight on. */
function straightened(ring: readonly XPoint[]): XPoint[] {
  const n = ring.length
  return ring.filter((p, i) => {
    const d1 = direction(ring[(i + n - 1) % n], p)
    const d2 = direction(p, ring[(i + 1) % n])
    return d1 !== d2
  })
}
