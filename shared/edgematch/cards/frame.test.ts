import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../random'
import { bruteForceCards } from '../../../testing/brute/cards'
import { FrameArcs } from './frame'
import { planCards, type Plan } from './plan'
import type { Card, CardPuzzle, MatchRule } from './puzzle'
import { randomCardPuzzle } from './random'
import { PROGRESS_NODES, solveCards } from './solve'

/** The ring's cells clockwise from the north-west corner. */
function ringCells(rows: number, cols: number): number[] {
  const cells: number[] = []
  for (let c = 0; c < cols; c++) cells.push(c)
  for (let r = 1; r < rows; r++) cells.push(r * cols + cols - 1)
  for (let c = cols - 2; c >= 0; c--) cells.push((rows - 1) * cols + c)
  for (let r = rows - 2; r >= 1; r--) cells.push(r * cols)
  return cells
}

/** The side of cell a that faces its neighbour b (0 north, 1 west, 2 south, 3 east). */
function facing(a: number, b: number, cols: number): number {
  if (b === a - cols) return 0
  if (b === a - 1) return 1
  if (b === a + cols) return 2
  if (b === a + 1) return 3
  throw new Error(`${a} and ${b} are not neighbours`)
}

/**
 * Whether the unused cards can fill the ring cells `arc` (clockwise), by trying every order:
 * each card turned the one way it fits its cell, the first showing `entry` towards the cell
 * before the arc, each meeting the next as the plan's codes say, the last showing `exit` towards
 * the cell after it.
 */
function fillsByTrying(
  p: Plan,
  cols: number,
  ring: readonly number[],
  arc: readonly number[],
  left: Int32Array,
  entry: number,
  exit: number,
): boolean {
  const before = ring[(ring.indexOf(arc[0]) + ring.length - 1) % ring.length]
  const after = ring[(ring.indexOf(arc.at(-1)!) + 1) % ring.length]
  const lying = (type: number, cell: number) => {
    for (let o = p.firstEntry[type]; o < p.entryType.length && p.entryType[o] === type; o++)
      if (p.fits(o, cell)) return o
    return -1
  }
  const go = (k: number, previous: number): boolean => {
    const cell = arc[k]
    for (let type = 0; type < left.length; type++) {
      if (left[type] === 0) continue
      const o = lying(type, cell)
      if (o < 0) continue
      const shows = (toward: number) => p.ownKey[o * 4 + facing(cell, toward, cols)]
      if (k === 0 ? shows(before) !== entry : shows(arc[k - 1]) !== previous) continue
      if (k === arc.length - 1) {
        if (shows(after) === exit) return true
        continue
      }
      left[type]--
      const ok = go(k + 1, p.needKey[o * 4 + facing(cell, arc[k + 1], cols)])
      left[type]++
      if (ok) return true
    }
    return false
  }
  return go(0, -1)
}

describe('the frame arc check', () => {
  it('answers as trying every order of the unused border cards does', () => {
    const rand = seededRandom(7)
    const below = (k: number) => Math.floor(rand() * k)
    let yes = 0
    let no = 0
    for (let round = 0; round < 24; round++) {
      const rows = 3 + below(3)
      const cols = 3 + below(3)
      const match: MatchRule = round % 2 ? 'same' : 'halves'
      const { puzzle, solution } = randomCardPuzzle(rows, cols, 3, 1 + below(3), 100 + round, match)
      const p = planCards(puzzle, true)
      const arcs = FrameArcs.build(p, puzzle)!
      expect(arcs).toBeDefined()
      const ring = ringCells(rows, cols)
      const count = Int32Array.from(p.types, (t) => t.cards.length)
      const cornerCells = [0, cols - 1, rows * cols - 1, (rows - 1) * cols]
      const fitsAny = (t: number, cells: readonly number[]) =>
        cells.some((cell) =>
          Array.from({ length: 4 }, (_, q) => p.firstEntry[t] + q).some(
            (o) => o < p.entryType.length && p.entryType[o] === t && p.fits(o, cell),
          ),
        )
      const isCornerType = (t: number) => fitsAny(t, cornerCells)
      const borderTypes = p.types.map((_, t) => t).filter((t) => fitsAny(t, ring))
      const typeOf = new Int32Array(puzzle.cards.length)
      p.types.forEach((t, type) => t.cards.forEach((card) => (typeOf[card] = type)))
      const entryAt = (type: number, c: number) => {
        for (let o = p.firstEntry[type]; p.entryType[o] === type; o++) if (p.fits(o, c)) return o
        throw new Error('the planted card does not fit')
      }
      for (let query = 0; query < 20; query++) {
        // A border cell in scan order whose open arc is at most 7 cells long.
        const cells = ring.filter((cell) => arcs.arcStart[cell] >= 0 && arcs.arcLength[cell] <= 7)
        const cell = cells[below(cells.length)]
        // In scan order, as the search lays them.
        const laid = ring.filter((c) => c <= cell).sort((a, b) => a - b)
        const arc = ring.slice(arcs.arcStart[cell], arcs.arcStart[cell] + arcs.arcLength[cell])
        expect(laid.length + arc.length).toBe(ring.length)
        const left = count.slice()
        const planted = query % 2 === 0
        let entry = below(p.K - 1)
        let exit = below(p.K - 1)
        if (planted) {
          // The cards of the board the puzzle was cut from, and the codes they need of the arc.
          for (const c of laid) {
            left[typeOf[solution[c].card]]--
            arcs.lay(c, typeOf[solution[c].card], left)
          }
          const lying = (c: number) => entryAt(typeOf[solution[c].card], c)
          const cw = ring[arcs.arcStart[cell] - 1]
          const ccw = ring[(arcs.arcStart[cell] + arc.length) % ring.length]
          entry = p.needKey[lying(cw) * 4 + facing(cw, arc[0], cols)]
          exit = p.needKey[lying(ccw) * 4 + facing(ccw, arc.at(-1)!, cols)]
        } else {
          // Random border cards: as many corner cards as corner cells laid.
          const pool = (corner: boolean) =>
            borderTypes.flatMap((t) => (isCornerType(t) === corner ? Array(count[t]).fill(t) : []))
          const corners = pool(true)
          const sides = pool(false)
          for (const c of laid) {
            const from = cornerCells.includes(c) ? corners : sides
            const type = from.splice(below(from.length), 1)[0]
            left[type]--
            arcs.lay(c, type, left)
          }
        }
        const want = fillsByTrying(p, cols, ring, arc, left.slice(), entry, exit)
        if (planted) expect(want).toBe(true)
        expect(arcs.fits(entry, exit, cell, left)).toBe(want)
        if (want) yes++
        else no++
      }
    }
    // Both answers were put to the test.
    expect(yes).toBeGreaterThan(20)
    expect(no).toBeGreaterThan(20)
  })

  it('is not built without a frame or on a single row', () => {
    const plain = randomCardPuzzle(3, 3, 3, undefined, 1).puzzle
    expect(FrameArcs.build(planCards(plain, true), plain)).toBeUndefined()
    const row = randomCardPuzzle(1, 4, 3, 1, 1).puzzle
    expect(FrameArcs.build(planCards(row, true), row)).toBeUndefined()
  })
})

/** On 12 cells or more, enough figures and frame colours that the brute force stays quick. */
const framedCase = fc
  .record({
    rows: fc.integer({ min: 2, max: 4 }),
    cols: fc.integer({ min: 2, max: 4 }),
    frameColors: fc.integer({ min: 0, max: 3 }),
    match: fc.constantFrom<MatchRule>('halves', 'same'),
    more: fc.integer({ min: 0, max: 1 }),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    change: fc.boolean(),
  })
  .map((c) => {
    const big = c.rows * c.cols >= 12
    const figures = (!big ? 1 : c.match === 'same' ? 3 : 2) + c.more
    return { ...c, figures, frameColors: big ? Math.max(2, c.frameColors) : c.frameColors }
  })

describe('framed boards: the solver, with the frame arc check, against the brute force', () => {
  it('the same counts, cards told apart and taken as one', () => {
    fc.assert(
      fc.property(framedCase, (c) => {
        let { puzzle } = randomCardPuzzle(c.rows, c.cols, c.figures, c.frameColors, c.seed, c.match)
        if (c.change) {
          // One ring edge of a border card replaced: the frame may not close any more.
          const rand = seededRandom(c.seed + 1)
          const k = Math.floor(rand() * puzzle.cards.length)
          const card = [...puzzle.cards[k]] as unknown as Card[number][]
          const sides = [0, 1, 2, 3].filter((s) => Array.isArray(card[s]))
          const side = sides[Math.floor(rand() * sides.length)]
          card[side] = [c.figures + 1 + Math.floor(rand() * Math.max(1, c.frameColors)), 0]
          const cards = puzzle.cards.map((x, i) => (i === k ? (card as unknown as Card) : x))
          puzzle = { ...puzzle, cards } satisfies CardPuzzle
        }
        const brute = bruteForceCards(puzzle)
        expect(solveCards(puzzle).counts).toEqual({
          fixed: brute.fixed,
          upToRotation: brute.upToRotation,
        })
        expect(solveCards(puzzle, { identicalAsOne: true }).counts).toEqual(brute.identicalAsOne)
      }),
      { seed: 20_251_121, numRuns: 40 },
    )
  })
})

describe('random 6 × 6 Eternity-style boards (3 frame and 5 inner colours, rule same)', () => {
  // The counts of the first solver (scan order over single cards, no frame arc check).
  it.each([
    [6, { fixed: 78336n, upToRotation: 19584n }, { fixed: 68n, upToRotation: 17n }],
    [7, { fixed: 384n, upToRotation: 96n }, { fixed: 8n, upToRotation: 2n }],
    [9, { fixed: 9216n, upToRotation: 2304n }, { fixed: 48n, upToRotation: 12n }],
    [13, { fixed: 6144n, upToRotation: 1536n }, { fixed: 48n, upToRotation: 12n }],
    [18, { fixed: 4608n, upToRotation: 1152n }, { fixed: 8n, upToRotation: 2n }],
  ])('seed %i counts as before', (seed, apart, asOne) => {
    const { puzzle } = randomCardPuzzle(6, 6, 5, 3, seed, 'same')
    expect(solveCards(puzzle).counts).toEqual(apart)
    expect(solveCards(puzzle, { identicalAsOne: true }).counts).toEqual(asOne)
  })
})

describe('the frame arc check on large framed boards', () => {
  // Asked card by card, one question on a 12 × 12 board's long open arc took ~150 ms: the 16 × 16
  // board's first report came after 10 s. Counted in steps, not time, so a loaded machine changes
  // nothing.
  it.each([
    [16, 10, 3, 1],
    [12, 6, 2, 1],
    [16, 12, 4, 3],
  ])(
    'square boards of side %i, %i figures, %i frame colours, seed %i: a few steps per node',
    (size, figures, colors, seed) => {
      const { puzzle } = randomCardPuzzle(size, size, figures, colors, seed)
      const r = solveCards(puzzle, { onProgress: (nodes) => nodes >= PROGRESS_NODES })
      expect(r.stats.nodes).toBe(PROGRESS_NODES)
      expect(r.stats.frameSteps).toBeLessThan(4 * PROGRESS_NODES)
    },
  )

  it('counts as before where some questions are given up (8 × 8, 6 figures, 2 frame colours)', () => {
    const { puzzle } = randomCardPuzzle(8, 8, 6, 2, 1)
    expect(solveCards(puzzle).counts).toEqual({ fixed: 4n, upToRotation: 1n })
    expect(solveCards(puzzle, { identicalAsOne: true }).counts).toEqual({
      fixed: 4n,
      upToRotation: 1n,
    })
  })
})
