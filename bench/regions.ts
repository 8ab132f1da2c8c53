import { figureFromJson } from '../shared/formats/load'
import { analyzeShape } from '../shared/pieces/shape'
import type { Point } from '../shared/lattice/polygon'
import type { FigureShape } from '../shared/lattice/region'
import { buildTilingProblem, type PieceKind } from '../shared/tiling/problem'
import { TilingSearch } from '../shared/tiling/search'
import { check, loadSet, median, type Result } from './measure'
import { rect } from '../testing/shapes'

/** Every tiling of a board, one process, after one warm-up run. */
function countBoard(
  name: string,
  figure: FigureShape,
  pieces: readonly PieceKind[],
  want: { solutions: number; fixed: number },
): Result {
  const times: number[] = []
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now()
    const counts = new TilingSearch(buildTilingProblem(figure, pieces), 'reduce').runToEnd()
    const dt = performance.now() - t0
    check(name, counts, want)
    if (i > 0) times.push(dt)
  }
  return {
    name: `${name} (${want.solutions})`,
    target: '(new board kinds; no target)',
    medianMs: median(times),
    runs: times.length,
    detail: 'one process, problem built each run, after one warm-up run',
  }
}

/** Boards of issue 24: a hole, one-sided pieces, and a piece left out. */
export function regionsBench(): Result[] {
  const { pieces } = loadSet('pentominoes')
  const holed = figureFromJson(
    {
      polygons: [
        {
          outline: rect(0, 0, 8, 8),
          holes: [rect(3, 3, 5, 5)],
        },
      ],
    },
    '8x8',
  ).polygon
  const mirror = (poly: readonly Point[]): Point[] => poly.map(([x, y]) => [-x, y])
  const oneSided = pieces.flatMap((p) => {
    const shape = analyzeShape(p.shape.polygon, false)
    const twin = shape.flip
      ? []
      : [{ name: `${p.name}'`, shape: analyzeShape(mirror(p.shape.polygon), false), count: 1 }]
    return [{ name: p.name, shape, count: 1 }, ...twin]
  })
  const strip: Point[] = rect(0, 0, 30, 3)
  // Each pentomino {"min": 0, "max": 1}: 55 cells take eleven of the twelve. The count is the sum
  // over the piece left out of the 5 × 11 with the other eleven (shared/tiling/ranges.test.ts).
  const anyOneOut = pieces.map((p) => ({ ...p, min: 0 }))
  const box = figureFromJson({ cells: Array<string>(5).fill('#'.repeat(11)) }, '5x11').polygon
  return [
    countBoard('pentominoes: the 8 × 8 with a 2 × 2 centre hole', holed, pieces, {
      solutions: 65,
      fixed: 520,
    }),
    countBoard('one-sided pentominoes (18): the 3 × 30 rectangle', strip, oneSided, {
      solutions: 46,
      fixed: 184,
    }),
    countBoard('pentominoes, any one left out: the 5 × 11 rectangle', box, anyOneOut, {
      solutions: 4103,
      fixed: 16412,
    }),
  ]
}
