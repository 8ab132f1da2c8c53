import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { convexCases } from '../../shared/convex/convex'
import { parseJson, pieceSetFromJson } from '../../shared/formats/load'
import { nodeWorkers } from './node-worker'
import { runTilings } from './tiling-job'

it('reports each figure ruled out with its reason as its worker plans it, searching nothing', async () => {
  const json = parseJson(readFileSync('resources/sets/hexominoes.json', 'utf8'), 'hexominoes')
  const pieces = pieceSetFromJson(json, 'hexominoes').pieces
  const log: string[] = []
  const outcome = await runTilings({
    setJson: json,
    figures: convexCases(pieces).cases.slice(0, 3),
    mode: 'reduce',
    list: false,
    workers: 1,
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
