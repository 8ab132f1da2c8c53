/**
 * Writes the bundled piece sets and figures in resources/ from the polyform generator, so that
 * they are complete by construction (tests check them against the generator again).
 * Run: npx tsx scripts/make-sets.ts
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { formatJson, figureToJson, pieceSetToJson, type Figure } from '../shared/formats/load'
import {
  quarterPoint,
  traceOutline,
  normalizeQuarters,
  type QuarterDir,
} from '../shared/lattice/quarters'
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
  pieces: { name: string; polygon: Point[]; count?: number }[],
) {
  const colors = palette(pieces.length)
  const set = {
    name,
    description,
    pieces: pieces.map((p, i) => ({
      name: p.name,
      polygon: p.polygon,
      count: p.count ?? 1,
      color: colors[i],
      shape: analyzeShape(p.polygon),
    })),
    figures: [],
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
