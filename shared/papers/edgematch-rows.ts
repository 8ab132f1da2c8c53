import hibFile from '../../resources/cards/hib-smiley.json' with { type: 'json' }
import bwinf39 from '../../resources/triangles/bwinf39.json' with { type: 'json' }
import { cardsFromJson } from '../edgematch/cards/format'
import { countSolutions } from '../edgematch/cards/solve'
import { parseTrianglePuzzle } from '../edgematch/triangle/parse'
import { solveFirst } from '../edgematch/triangle/solve'
import { DREIECKSPUZZLE, HIB_SMILEY } from './documents'
import type { PublishedNumber } from './registry'

const hib = () => cardsFromJson(hibFile, 'hib-smiley.json')

/** The edge-matching documents' numbers (issue 5). */
export const EDGEMATCH_ROWS: readonly PublishedNumber[] = [
  {
    id: 'dreieck-examples-solvable',
    document: DREIECKSPUZZLE,
    place: '"Beispiele"',
    what: 'the official examples puzzle0 … puzzle3: solved or "Puzzle unlösbar"',
    published: 'Lösung, Lösung, Lösung, Lösung',
    convention:
      'the write-up prints a solution for each of the four; its puzzle4 (unlösbar) is not among the official files',
    compute: () =>
      bwinf39.puzzles
        .map((p) =>
          solveFirst(parseTrianglePuzzle(p.text, `${p.name}.txt`)).solution
            ? 'Lösung'
            : 'Puzzle unlösbar',
        )
        .join(', '),
  },
  {
    id: 'dreieck-worst-case',
    document: DREIECKSPUZZLE,
    place: '"Laufzeit"',
    what: "most candidate solutions the write-up's own algorithm may try",
    published: '69.672.960',
    note: 'Not recomputed: a bound on the tries of the write-up’s algorithm (9! · 2^6 · 3), not a property of the puzzles; our search counts its own placements instead.',
  },
  {
    id: 'hib-arrangements',
    document: HIB_SMILEY,
    place: 'introduction',
    what: 'ways to lay the 9 cards on the 3 × 3 board, turns included, up to turning the board',
    published: 'über 23 Milliarden',
    convention: '9 cards on 9 places in 4 turns each, divided by the 4 turns of the board',
    compute: () => {
      const n = hib().cards.length
      let ways = 1n
      for (let k = 1n; k <= BigInt(n); k++) ways *= k * 4n
      return (ways / 4n).toString()
    },
  },
  {
    id: 'hib-rotations-quarter',
    document: HIB_SMILEY,
    place: '"Erweiterungen"',
    what: 'filtering out solutions that are turns of the whole board leaves this fraction of them',
    published: '1/4',
    convention: 'all solutions on the fixed board against those up to turning the board',
    compute: () => {
      const c = countSolutions(hib())
      return c.fixed === 4n * c.upToRotation ? '1/4' : `${c.upToRotation}/${c.fixed}`
    },
  },
]
