import { plural } from '../../../shared/plural'
import { InputError } from '../../../shared/errors'
import {
  convexOutlines,
  describePolygon,
  outlinePolygon,
  outlineSymmetryOrder,
} from '../../../shared/convex/outlines'
import { estimateOutlineCount } from '../../../shared/convex/convex'
import { LIMITS } from '../../../shared/limits'
import { table } from '../table'

export function outlinesCommand(opts: { area: string; json?: boolean }): string {
  const F = Number(opts.area)
  if (!Number.isInteger(F) || F < 1)
    throw new InputError(`--area must be a whole number of half-squares ≥ 1, not "${opts.area}"`)
  if (F > LIMITS.maxOutlineArea) {
    throw new InputError(
      `area ${F} is too large to list: there are about ${estimateOutlineCount(F).toLocaleString('en')} convex outlines; the limit is area ${LIMITS.maxOutlineArea}`,
    )
  }
  const outlines = convexOutlines(F)
  if (opts.json) {
    return JSON.stringify({
      area: F,
      count: outlines.length,
      outlines: outlines.map((o) => ({
        polygon: outlinePolygon(o),
        name: describePolygon(outlinePolygon(o)),
        symmetries: outlineSymmetryOrder(o),
        s: { s1: o.s1, s2: o.s2, s3: o.s3, s4: o.s4, s5: o.s5, s7: o.s7 },
      })),
    })
  }
  const rows = outlines.map((o, i) => [
    i + 1,
    describePolygon(outlinePolygon(o)),
    `${o.s2}×${o.s4}`,
    `${o.s1} ${o.s3} ${o.s5} ${o.s7}`,
    outlineSymmetryOrder(o),
  ])
  return `${plural(outlines.length, 'convex outline')} of area ${F} (half-square triangles), one per congruence class:\n${table(['#', 'outline', 'box', 'corner cuts', 'symmetries'], rows)}`
}
