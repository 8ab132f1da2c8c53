import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { convexCases } from '../../shared/convex/convex'
import { parseFigure, parseJson, pieceSetFromJson } from '../../shared/formats/load'
import { solvableSet } from '../../shared/pieces/solvable'
import { nodeWorkers } from './node-worker'
import { runTilings } from './tiling-job'

it('reports each figure ruled out with its reason as its worker plans it, searching nothing', async () => {
  const json = parseJson(readFileSync('resources/sets/hexominoes.json', 'utf8'), 'hexominoes')
  const { pieces, wire } = solvableSet(pieceSetFromJson(json, 'hexominoes'))
  const log: string[] = []
  const outcome = await runTilings({
    set: wire,
    figures: convexCases(pieces).cases.slice(0, 3),
    mode: 'reduce',
    list: false,
    transport: nodeWorkers(1),
    onFigureDone: (i, r) => log.push(`done ${i}: ${r.rejected}`),
  })
  // The side and fit arguments of the rule-outs, made before a problem is built.
  expect(log).toEqual([
    'done 0: the piece "hexomino 1" fits nowhere in the figure',
    'done 1: square-cell pieces make no diagonal side, and the figure has one: the side √2 from (0, 0) to (1, 1)',
    'done 2: square-cell pieces make no diagonal side, and the figure has one: the side √2 from (0, 0) to (1, 1)',
  ])
  expect(outcome.complete).toBe(true)
  expect(outcome.figures.map((f) => [f.complete, f.stats.tried])).toEqual([
    [true, 0],
    [true, 0],
    [true, 0],
  ])
})

it('gives a figure of another area its own verdict and searches the others', async () => {
  const json = parseJson(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram')
  const square = parseFigure(readFileSync('resources/figures/tangram-square.json', 'utf8'), 'sq')
  const log: string[] = []
  const outcome = await runTilings({
    set: solvableSet(pieceSetFromJson(json, 'tangram')).wire,
    figures: [
      // 2 × 3 cells: 12 half-squares, the tangram's pieces 16.
      {
        name: 'small',
        polygon: [
          [0, 0],
          [3, 0],
          [3, 2],
          [0, 2],
        ],
      },
      { name: 'square', polygon: square.polygon },
    ],
    mode: 'reduce',
    list: true,
    transport: nodeWorkers(1),
    onFigureDone: (i, r) => log.push(`done ${i}: ${r.rejected ?? r.counts.solutions}`),
  })
  expect(outcome.error).toBeUndefined()
  expect(outcome.complete).toBe(true)
  expect(log.sort()).toEqual([
    'done 0: the pieces cover 16 half-squares, the figure 12',
    'done 1: 1',
  ])
  // Läuchli's one tiling of the square, listed.
  expect(outcome.figures[1].tilings).toHaveLength(1)
  expect(outcome.figures[0].stats.tried).toBe(0)
})
