/**
 * Writes the bundled piece sets and figures in resources/ from the polyform generator, so that
 * they are complete by construction (tests check them against the generator again).
 * Run: npx tsx scripts/make-sets.ts
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  figureFromJson,
  formatJson,
  figureToJson,
  pieceSetToJson,
  type Figure,
  type RegionFigure,
} from '../shared/formats/load'
import {
  quarterPoint,
  traceOutline,
  normalizeQuarters,
  type QuarterDir,
} from '../shared/lattice/quarters'
import { mapRings } from '../shared/lattice/region'
import { freePolyaboloes, freePolyominoes } from '../shared/pieces/polyforms'
import { analyzeShape } from '../shared/pieces/shape'
import type { Point } from '../shared/lattice/polygon'

const root = join(import.meta.dirname, '..', 'resources')

/** Evenly spread, readable colours. */
function palette(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const h = (i * 360) / n
    const s = 0.55
    const l = i % 2 === 0 ? 0.55 : 0.42
    const f = (k: number) => {
      const a = s * Math.min(l, 1 - l)
      const kk = (k + h / 30) % 12
      return Math.round(255 * (l - a * Math.max(-1, Math.min(kk - 3, 9 - kk, 1))))
    }
    return '#' + [f(0), f(8), f(4)].map((v) => v.toString(16).padStart(2, '0')).join('')
  })
}

function cellsPolygon(cells: [number, number][]): Point[] {
  const q = cells.flatMap(([x, y]) =>
    ([0, 1, 2, 3] as QuarterDir[]).flatMap((d) => quarterPoint(x, y, d)),
  )
  const r = traceOutline(normalizeQuarters(Int32Array.from(q)).quarters)
  if (!r.ok) throw new Error(r.problem)
  return r.polygons[0]
}

function writeSet(
  file: string,
  name: string,
  description: string,
  pieces: { name: string; polygon: Point[]; count?: number; min?: number; flip?: boolean }[],
  figures: RegionFigure[] = [],
) {
  const colors = palette(pieces.length)
  const set = {
    name,
    description,
    pieces: pieces.map((p, i) => ({
      name: p.name,
      polygon: p.polygon,
      count: p.count ?? 1,
      ...(p.min === undefined ? {} : { min: p.min }),
      ...(p.flip === false ? { flip: false } : {}),
      color: colors[i],
      shape: analyzeShape(p.polygon, p.flip !== false),
    })),
    figures,
  }
  writeFileSync(join(root, 'sets', file), formatJson(pieceSetToJson(set)))
}

function writeFigure(file: string, f: Figure) {
  writeFileSync(join(root, 'figures', file), formatJson(figureToJson(f)))
}

const PENTOMINOES: Record<string, [number, number][]> = {
  F: [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, 2],
    [2, 2],
  ],
  I: [
    [0, 0],
    [0, 1],
    [0, 2],
    [0, 3],
    [0, 4],
  ],
  L: [
    [0, 0],
    [1, 0],
    [0, 1],
    [0, 2],
    [0, 3],
  ],
  N: [
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 2],
    [1, 3],
  ],
  P: [
    [0, 0],
    [0, 1],
    [0, 2],
    [1, 1],
    [1, 2],
  ],
  T: [
    [1, 0],
    [1, 1],
    [0, 2],
    [1, 2],
    [2, 2],
  ],
  U: [
    [0, 0],
    [1, 0],
    [2, 0],
    [0, 1],
    [2, 1],
  ],
  V: [
    [0, 0],
    [1, 0],
    [2, 0],
    [0, 1],
    [0, 2],
  ],
  W: [
    [0, 0],
    [1, 0],
    [1, 1],
    [2, 1],
    [2, 2],
  ],
  X: [
    [1, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [1, 2],
  ],
  Y: [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, 2],
    [1, 3],
  ],
  Z: [
    [2, 0],
    [1, 0],
    [1, 1],
    [1, 2],
    [0, 2],
  ],
}
const TETROMINOES: Record<string, [number, number][]> = {
  I: [
    [0, 0],
    [0, 1],
    [0, 2],
    [0, 3],
  ],
  O: [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ],
  T: [
    [0, 0],
    [1, 0],
    [2, 0],
    [1, 1],
  ],
  S: [
    [0, 0],
    [1, 0],
    [1, 1],
    [2, 1],
  ],
  L: [
    [0, 0],
    [1, 0],
    [0, 1],
    [0, 2],
  ],
}

const named = (table: Record<string, [number, number][]>) =>
  Object.entries(table).map(([name, cells]) => ({ name, polygon: cellsPolygon(cells) }))
const numbered = (prefix: string, polys: Point[][]) =>
  polys.map((polygon, i) => ({ name: `${prefix} ${i + 1}`, polygon }))

writeSet(
  'pentominoes.json',
  'Pentominoes',
  'The 12 pentominoes (Golomb), named by their letters. 60 unit squares = 120 half-squares.',
  named(PENTOMINOES),
)
writeSet('tetrominoes.json', 'Tetrominoes', 'The 5 free tetrominoes.', named(TETROMINOES))
writeSet(
  'hexominoes.json',
  'Hexominoes',
  'The 35 free hexominoes.',
  numbered('hexomino', freePolyominoes(6).polygons),
)
writeSet(
  'diaboloes.json',
  'Diaboloes',
  'The 3 diaboloes: two half-square triangles joined along an edge.',
  numbered('diabolo', freePolyaboloes(2).polygons),
)
writeSet(
  'triaboloes.json',
  'Triaboloes',
  'The 4 triaboloes.',
  numbered('triabolo', freePolyaboloes(3).polygons),
)
writeSet(
  'tetraboloes.json',
  'Tetraboloes',
  'The 14 tetraboloes: four half-square triangles joined along whole edges. 56 half-squares in all.',
  numbered('tetrabolo', freePolyaboloes(4).polygons),
)
writeSet(
  'pentaboloes.json',
  'Pentaboloes',
  'The 30 pentaboloes.',
  numbered('pentabolo', freePolyaboloes(5).polygons),
)

const rect = (w: number, h: number): Point[] => [
  [0, 0],
  [w, 0],
  [w, h],
  [0, h],
]
writeFigure('rectangle-6x10.json', { name: 'rectangle 6 × 10', polygon: rect(10, 6) })
writeFigure('rectangle-5x12.json', { name: 'rectangle 5 × 12', polygon: rect(12, 5) })
writeFigure('rectangle-4x15.json', { name: 'rectangle 4 × 15', polygon: rect(15, 4) })
writeFigure('rectangle-3x20.json', { name: 'rectangle 3 × 20', polygon: rect(20, 3) })
writeFigure('tangram-square.json', {
  name: 'tangram square',
  polygon: [
    [2, 0],
    [4, 2],
    [2, 4],
    [0, 2],
  ],
})
writeFigure('tangram-right-trapezoid.json', {
  name: 'right trapezoid 3, 2, 5, 2√2',
  polygon: [
    [0, 0],
    [5, 0],
    [3, 2],
    [0, 2],
  ],
})
writeFigure('tangram-notched-square.json', {
  name: '3 × 3 square without a corner (not convex)',
  polygon: [
    [0, 0],
    [3, 0],
    [3, 2],
    [2, 2],
    [2, 3],
    [0, 3],
  ],
})

// Examples of boards as puzzle books print them (issue 24), each a set with its figures, so that
// the app opens them from the library; the tests count them (shared/tiling/published.test.ts,
// one-sided.test.ts, ranges.test.ts).
const board = (name: string, cells: string[]): RegionFigure => ({
  name,
  polygon: figureFromJson({ cells }, name).polygon,
})
/** The 8 × 8 without the given cells (row, column from the top left), `at` units right. */
const holed = (name: string, holes: [number, number][], at: number): RegionFigure => {
  const { polygon } = board(
    name,
    Array.from({ length: 8 }, (_, r) =>
      Array.from({ length: 8 }, (_, c) =>
        holes.some(([hr, hc]) => hr === r && hc === c) ? '.' : '#',
      ).join(''),
    ),
  )
  // Side by side, as the Figures view shows them.
  return { name, polygon: mapRings(polygon, (ring) => ring.map(([x, y]) => [x + at, y])) }
}
const pentominoes = named(PENTOMINOES)
writeSet(
  'pentominoes-8x8-holes.json',
  'Pentominoes: the 8 × 8 with holes',
  'The 12 pentominoes on the chessboard without four cells: the centre 2 × 2 (65 solutions), four holes one in from the corners (188), two in (21), in a pinwheel about the centre (126).',
  pentominoes,
  [
    holed(
      '8 × 8, centre hole',
      [
        [3, 3],
        [3, 4],
        [4, 3],
        [4, 4],
      ],
      0,
    ),
    holed(
      '8 × 8, holes one in from the corners',
      [
        [1, 1],
        [1, 6],
        [6, 1],
        [6, 6],
      ],
      10,
    ),
    holed(
      '8 × 8, holes two in from the corners',
      [
        [2, 2],
        [2, 5],
        [5, 2],
        [5, 5],
      ],
      20,
    ),
    holed(
      '8 × 8, pinwheel holes',
      [
        [2, 3],
        [3, 5],
        [5, 4],
        [4, 2],
      ],
      30,
    ),
  ],
)
writeSet(
  'pentominoes-two-parts.json',
  'Pentominoes: two parts',
  'The 12 pentominoes on two 5 × 6 rectangles: apart, and joined at one corner point (a piece never crosses the point, so both have the same fixed tilings).',
  pentominoes,
  [
    {
      name: 'two 5 × 6 apart',
      polygon: figureFromJson(
        {
          polygons: [{ outline: rect(6, 5) }, { outline: rect(6, 5).map(([x, y]) => [x + 8, y]) }],
        },
        'apart',
      ).polygon,
    },
    {
      name: 'two 5 × 6 at a corner',
      polygon: figureFromJson(
        {
          polygons: [
            // Right of the first board, as the Figures view shows them.
            { outline: rect(6, 5).map(([x, y]) => [x + 16, y]) },
            { outline: rect(6, 5).map(([x, y]) => [x + 22, y + 5]) },
          ],
        },
        'corner',
      ).polygon,
    },
  ],
)
const mirrored = (p: Point[]): Point[] => p.map(([x, y]) => [-x, y])
writeSet(
  'one-sided-pentominoes.json',
  'One-sided pentominoes',
  'The 18 one-sided pentominoes: each chiral pentomino and its mirror image (primed) as two pieces, turned but never turned over. The 3 × 30 rectangle: 46 solutions.',
  pentominoes.flatMap((p) => {
    const twin = analyzeShape(p.polygon, false).flip
      ? []
      : [{ name: `${p.name}'`, polygon: mirrored(p.polygon), flip: false }]
    return [{ ...p, flip: false }, ...twin]
  }),
  [{ name: 'rectangle 3 × 30', polygon: rect(30, 3) }],
)
writeSet(
  'pentominoes-one-left-out.json',
  'Pentominoes, one left out',
  'The 12 pentominoes, each used at most once ("count": {"min": 0, "max": 1}): the 5 × 11 rectangle (55 cells) takes any eleven of them, 4,103 solutions; each says which piece it leaves out.',
  pentominoes.map((p) => ({ ...p, min: 0 })),
  [{ name: 'rectangle 5 × 11', polygon: rect(11, 5) }],
)
