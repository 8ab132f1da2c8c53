import type { Stroke, XY } from '../shared/drawing/plan'

/**
 * The yardstick for the pen planner (issue 27, point 5), written plainly and apart from it: per
 * pen, in pen order, the strokes as drawn (not joined) in greedy nearest-neighbour order, each
 * entered at its nearer end, then 2-opt (reversing any run of strokes) until no reversal helps.
 * Returns the pen-up travel from `start`.
 */
export function baselinePenUp(strokes: readonly Stroke[], start: XY = [0, 0]): number {
  const d = (a: XY, b: XY): number => Math.hypot(a[0] - b[0], a[1] - b[1])
  const pens = [...new Set(strokes.map((s) => s.pen))].sort((a, b) => a - b)
  let at = start
  let total = 0
  for (const pen of pens) {
    const left = strokes.filter((s) => s.pen === pen && s.points.length > 1).map((s) => s.points)
    const seq: (readonly XY[])[] = []
    let here = at
    while (left.length > 0) {
      let best = 0
      let flip = false
      let bestD = Infinity
      left.forEach((p, i) => {
        if (d(here, p[0]) < bestD) [best, flip, bestD] = [i, false, d(here, p[0])]
        if (d(here, p[p.length - 1]) < bestD)
          [best, flip, bestD] = [i, true, d(here, p[p.length - 1])]
      })
      const [p] = left.splice(best, 1)
      seq.push(flip ? [...p].reverse() : p)
      here = seq[seq.length - 1][p.length - 1]
    }
    const first = (i: number): XY => seq[i][0]
    const end = (i: number): XY => (i < 0 ? at : seq[i][seq[i].length - 1])
    for (let improved = true; improved;) {
      improved = false
      for (let i = 0; i < seq.length; i++) {
        for (let j = i; j < seq.length; j++) {
          const next = j + 1 < seq.length
          const old = d(end(i - 1), first(i)) + (next ? d(end(j), first(j + 1)) : 0)
          const now = d(end(i - 1), end(j)) + (next ? d(first(i), first(j + 1)) : 0)
          if (now < old - 1e-9) {
            const run = seq
              .slice(i, j + 1)
              .reverse()
              .map((p) => [...p].reverse())
            seq.splice(i, run.length, ...run)
            improved = true
          }
        }
      }
    }
    for (let i = 0; i < seq.length; i++) total += d(end(i - 1), first(i))
    if (seq.length > 0) at = end(seq.length - 1)
  }
  return total
}
