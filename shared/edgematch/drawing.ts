import type { DrawnLine, DrawnPiece, SolutionDrawing } from '../drawing/solution'
import {
  edgeAt,
  isFrameEdge,
  type Card,
  type CardBoard,
  type CardPuzzle,
  type Figure,
} from './cards/puzzle'
import { cellAt, isUp, type Piece, type Solution, type TrianglePuzzle } from './triangle/puzzle'

/**
 * Edge-matching pieces and boards as drawings (the shared SolutionDrawing model, y up), for the
 * app's editor and for the printed sheets alike. Each label is drawn as half a smiley face on its
 * edge, in the figure's colour; two matching edges make one whole face. The HIB cards split a face
 * into a left and a right half; the triangle puzzle into an upper and a lower half.
 */
export type XY = readonly [number, number]

const INK = '#1d2433'
const COLORS: Record<string, string> = {
  rot: '#d64545',
  red: '#d64545',
  gelb: '#f2c12e',
  yellow: '#f2c12e',
  blau: '#3b7dd8',
  blue: '#3b7dd8',
  gruen: '#4caf50',
  grün: '#4caf50',
  green: '#4caf50',
  orange: '#f28c28',
  lila: '#8e5cc4',
  violett: '#8e5cc4',
  purple: '#8e5cc4',
  rosa: '#f08fb0',
  pink: '#f08fb0',
  braun: '#8d6e63',
  brown: '#8d6e63',
  tuerkis: '#26a69a',
  türkis: '#26a69a',
  grau: '#9aa3b2',
  grey: '#9aa3b2',
}

/** Light enough for the faces' dark eyes and smiles to show. */
const PALETTE = [
  '#e4572e',
  '#f2c12e',
  '#3b7dd8',
  '#4caf50',
  '#8e5cc4',
  '#f08fb0',
  '#26a69a',
  '#f28c28',
  '#8d6e63',
  '#9aa3b2',
]

/** A colour per figure: its own if its name is a colour, else the palette in order of first use. */
export function colorScheme(): (figure: string | number) => string {
  const assigned = new Map<string, string>()
  return (figure) => {
    const key = String(figure)
    const named = COLORS[key.toLowerCase()]
    if (named) return named
    let c = assigned.get(key)
    if (!c) assigned.set(key, (c = PALETTE[assigned.size % PALETTE.length]))
    return c
  }
}

const add = (a: XY, b: XY, k = 1): [number, number] => [a[0] + k * b[0], a[1] + k * b[1]]
const dot = (a: XY, b: XY): number => a[0] * b[0] + a[1] * b[1]

function disc(c: XY, r: number, n = 14): [number, number][] {
  return Array.from({ length: n }, (_, i) => {
    const t = (2 * Math.PI * i) / n
    return [c[0] + r * Math.cos(t), c[1] + r * Math.sin(t)] as [number, number]
  })
}

/**
 * Half a smiley on an edge: the half-disc on the edge's midpoint `c` bulging along `inward`, in
 * the figure's colour, with the face's features that fall on this half. `up` is the whole face's
 * up direction (y grows downwards here, as on paper).
 */
function halfFace(c: XY, inward: XY, up: XY, r: number, color: string): DrawnPiece[] {
  const right: XY = [-up[1], up[0]]
  const along: XY = [inward[1], -inward[0]]
  const half: [number, number][] = []
  for (let i = 0; i <= 16; i++) {
    const t = (Math.PI * i) / 16
    half.push(add(add(c, along, r * Math.cos(t)), inward, r * Math.sin(t)))
  }
  const shapes: DrawnPiece[] = [shape(half, color)]
  // Up is -y on paper: eyes above the centre, the smile below it.
  for (const side of [-1, 1]) {
    const eye = add(add(c, up, 0.32 * r), right, side * 0.36 * r)
    if (dot([eye[0] - c[0], eye[1] - c[1]], inward) > 1e-9)
      shapes.push(shape(disc(eye, 0.13 * r), INK))
  }
  const outer: [number, number][] = []
  const inner: [number, number][] = []
  for (let i = 0; i <= 24; i++) {
    const a = (-150 + (120 * i) / 24) * (Math.PI / 180)
    const dir: XY = [
      Math.cos(a) * right[0] + Math.sin(a) * up[0],
      Math.cos(a) * right[1] + Math.sin(a) * up[1],
    ]
    if (dot(dir, inward) < -1e-9) continue
    outer.push(add(c, dir, 0.66 * r))
    inner.push(add(c, dir, 0.5 * r))
  }
  if (outer.length > 1) shapes.push(shape([...outer, ...inner.reverse()], INK))
  return shapes
}

function shape(points: readonly XY[], color: string): DrawnPiece {
  // The drawing model counts y upwards: flip once here, the page flips it back.
  const polygon = points.map(([x, y]) => [x, -y] as const)
  return { piece: -1, name: '', color, polygon, label: polygon[0] }
}

export function drawing(
  pieces: DrawnPiece[],
  outlines: readonly (readonly XY[])[],
): SolutionDrawing {
  const lines: DrawnLine[] = outlines.map((o) => ({
    kind: 'edge',
    points: [...o, o[0]].map(([x, y]) => [x, -y] as const),
  }))
  const all = lines.flatMap((l) => l.points)
  const xs = all.map((p) => p[0])
  const ys = all.map((p) => p[1])
  return {
    rings: [],
    pieces,
    lines,
    bounds: {
      minX: Math.min(...xs),
      minY: Math.min(...ys),
      maxX: Math.max(...xs),
      maxY: Math.max(...ys),
    },
  }
}

/** One card with its north-west corner at (x, y), side 1, turned `turns` quarter turns. */
export function cardShapes(
  puzzle: CardPuzzle,
  card: Card,
  turns: number,
  x: number,
  y: number,
  color: Colors,
): { pieces: DrawnPiece[]; outline: XY[] } {
  const corners: XY[] = [
    [x, y],
    [x, y + 1],
    [x + 1, y + 1],
    [x + 1, y],
  ]
  const pieces: DrawnPiece[] = [shape(corners, '#ffffff')]
  // Sides from north counter-clockwise: north, west, south, east (as the card file lists them).
  const mids: XY[] = [
    [x + 0.5, y],
    [x, y + 0.5],
    [x + 0.5, y + 1],
    [x + 1, y + 0.5],
  ]
  const inwards: XY[] = [
    [0, 1],
    [1, 0],
    [0, -1],
    [-1, 0],
  ]
  for (let side = 0; side < 4; side++) {
    const edge = edgeAt(card, turns, side)
    const n = inwards[side]
    if (isFrameEdge(edge)) {
      const m = mids[side]
      const t: XY = [n[1], -n[0]]
      const band = [
        add(m, t, 0.5),
        add(m, t, -0.5),
        add(add(m, t, -0.5), n, 0.1),
        add(add(m, t, 0.5), n, 0.1),
      ]
      pieces.push(shape(band, color(edge)))
      continue
    }
    const [figure, half] = edge
    // Left and right halves: the face stands along the edge, its right side on half 0's card.
    const up: XY =
      puzzle.match === 'halves' ? (half === 0 ? [n[1], -n[0]] : [-n[1], n[0]]) : [-n[0], -n[1]]
    pieces.push(...halfFace(mids[side], n, up, 0.3, color(figure)))
  }
  return { pieces, outline: corners }
}

/** The corners of triangle cell (r, j) on a board of side 1 per row, y down. */
export function triangleCorners(r: number, j: number): XY[] {
  const h = Math.sqrt(3) / 2
  const p = (row: number, i: number): XY => [i - row / 2, row * h]
  const k = j >> 1
  // Clockwise (y down) from the start of side 0, matching the sides' numbering in puzzle.ts.
  return isUp(j) ? [p(r + 1, k), p(r, k), p(r + 1, k + 1)] : [p(r, k), p(r, k + 1), p(r + 1, k + 1)]
}

export function triangleShapes(
  piece: Piece,
  turn: number,
  corners: readonly XY[],
  color: Colors,
): DrawnPiece[] {
  const cx = (corners[0][0] + corners[1][0] + corners[2][0]) / 3
  const cy = (corners[0][1] + corners[1][1] + corners[2][1]) / 3
  const pieces: DrawnPiece[] = [shape(corners, '#ffffff')]
  for (let s = 0; s < 3; s++) {
    const a = corners[s]
    const b = corners[(s + 1) % 3]
    const m: XY = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]
    const len = Math.hypot(cx - m[0], cy - m[1])
    const n: XY = [(cx - m[0]) / len, (cy - m[1]) / len]
    const v = piece[(s + turn) % 3]
    // k is a figure's upper half, −k its lower half: the face's up points into the k side.
    const up: XY = v > 0 ? n : [-n[0], -n[1]]
    pieces.push(...halfFace(m, n, up, 0.17, color(Math.abs(v))))
  }
  return pieces
}

export type Colors = (figure: string | number) => string

/**
 * The colours of a card puzzle's figures, given in sorted order (numbers, then names), so that
 * an edit that moves a figure's first use does not recolour the others; the editor, the boards
 * and the print colour each figure alike.
 */
export function cardColors(puzzle: CardPuzzle): Colors {
  const color = colorScheme()
  const figures = new Set<Figure>()
  for (const card of puzzle.cards)
    for (const edge of card) if (!isFrameEdge(edge)) figures.add(edge[0])
  if (puzzle.frame !== undefined) figures.add(puzzle.frame)
  const rank = (f: Figure) => (typeof f === 'number' ? 0 : 1)
  const sorted = [...figures].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
  for (const f of sorted) color(f)
  return color
}

/** The colours of a triangle puzzle's figures 1 … figures. */
export function triangleColors(puzzle: TrianglePuzzle): Colors {
  const color = colorScheme()
  for (let k = 1; k <= puzzle.figures; k++) color(k)
  return color
}

/** One card alone, side 1, its north-west corner at the origin, as it lies turned `turns`. */
export function cardDrawing(
  puzzle: CardPuzzle,
  card: Card,
  turns: number,
  color: Colors,
): SolutionDrawing {
  const { pieces, outline } = cardShapes(puzzle, card, turns, 0, 0, color)
  return drawing(pieces, [outline])
}

/** A filled card board, a card of side 1 per cell, row 0 at the top. */
export function cardBoardDrawing(
  puzzle: CardPuzzle,
  board: CardBoard,
  color: Colors,
): SolutionDrawing {
  const pieces: DrawnPiece[] = []
  const outlines: XY[][] = []
  board.forEach((p, i) => {
    const s = cardShapes(
      puzzle,
      puzzle.cards[p.card],
      p.turns,
      i % puzzle.cols,
      Math.floor(i / puzzle.cols),
      color,
    )
    pieces.push(...s.pieces)
    outlines.push(s.outline)
  })
  return drawing(pieces, outlines)
}

/** One triangle upright, sides 0, 1, 2 = left, right, bottom (as an up cell of a one-row board). */
export function triangleDrawing(piece: Piece, color: Colors): SolutionDrawing {
  const corners = triangleCorners(0, 0)
  return drawing(triangleShapes(piece, 0, corners, color), [corners])
}

/** The big triangle filled, side 1 per row. */
export function triangleBoardDrawing(
  puzzle: TrianglePuzzle,
  solution: Solution,
  color: Colors,
): SolutionDrawing {
  const pieces: DrawnPiece[] = []
  const outlines: XY[][] = []
  solution.forEach((p, cell) => {
    const { r, j } = cellAt(cell)
    const corners = triangleCorners(r, j)
    pieces.push(...triangleShapes(puzzle.pieces[p.piece], p.turn, corners, color))
    outlines.push(corners)
  })
  return drawing(pieces, outlines)
}

/**
 * Where each side of a lone piece (as cardDrawing and triangleDrawing draw it) is, for pointing
 * at it: the triangle from the piece's centre to the side, in drawing coordinates (y up).
 */
export function sideRegions(kind: 'cards' | 'triangle'): XY[][] {
  // Side s runs from corner s to corner s + 1: for a card north, west, south, east (y down).
  const corners: XY[] =
    kind === 'cards'
      ? [
          [1, 0],
          [0, 0],
          [0, 1],
          [1, 1],
        ]
      : triangleCorners(0, 0)
  const n = corners.length
  const c: XY = [
    corners.reduce((s, p) => s + p[0], 0) / n,
    corners.reduce((s, p) => s + p[1], 0) / n,
  ]
  return corners.map((a, s) => [a, corners[(s + 1) % n], c].map(([x, y]) => [x, -y] as const))
}
