import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { convexCases, outlineFigures } from '../../shared/convex/convex'
import { parseJson, pieceSetFromJson } from '../../shared/formats/load'
import { runTilings } from './tiling-runner'

it('reports each figure ruled out as soon as it is prepared, before the next is', async () => {
  const json = parseJson(readFileSync('resources/sets/hexominoes.json', 'utf8'), 'hexominoes')
  const pieces = pieceSetFromJson(json, 'hexominoes').pieces
  const log: string[] = []
  const figures = outlineFigures(convexCases(pieces).cases.slice(0, 3), pieces).map((f, i) => ({
    ...f,
    prepare: () => (log.push(`prepare ${i}`), f.prepare()),
  }))
  const outcome = await runTilings({
    pieces,
    setJson: json,
    figures,
    mode: 'reduce',
    list: false,
    workers: 1,
    onFigureDone: (i, r) => log.push(`done ${i}: ${r.rejected}`),
  })
  expect(log).toEqual([
    'prepare 0',
    'done 0: the piece "hexomino 1" fits nowhere in the figure',
    'prepare 1',
    'done 1: square-cell pieces make no diagonal side, and the figure has one: the side √2 from (0, 0) to (1, 1)',
    'prepare 2',
    'done 2: square-cell pieces make no diagonal side, and the figure has one: the side √2 from (0, 0) to (1, 1)',
  ])
  expect(outcome.complete).toBe(true)
  expect(outcome.figures.map((f) => f.complete)).toEqual([true, true, true])
})
