/**
 * Benchmarks for the square cards (issue 5): every solution of the HIB smiley set, the search
 * core's speed in placements ((card, turn) pairs tried at a cell) per second, and every solution of
 * a random Eternity-style 6 × 6 board. Medians after warm-up, one process; the counts are checked
 * on every run (HIB: against the plain brute force; random boards: against the first run, whose
 * boards all pass the independent verifier), so a fast wrong answer cannot pass.
 */
import { readFileSync } from 'node:fs'
import { bruteForceCards } from '../shared/edgematch/cards/brute'
import { parseCards } from '../shared/edgematch/cards/format'
import type { CardPuzzle, MatchRule } from '../shared/edgematch/cards/puzzle'
import { randomCardPuzzle } from '../shared/edgematch/cards/random'
import { solveCards, type CardResult } from '../shared/edgematch/cards/solve'
import { verifyCardBoard } from '../shared/edgematch/cards/verify'
import { check, median, type Result } from './measure'

/** All solutions of the HIB set, both counts, cards told apart. */
function hibAll(): Result {
  const hib = parseCards(readFileSync('resources/cards/hib-smiley.json', 'utf8'), 'hib-smiley')
  const brute = bruteForceCards(hib)
  const want = { fixed: brute.fixed, upToRotation: brute.upToRotation }
  for (let i = 0; i < 500; i++) solveCards(hib)
  const times: number[] = []
  const batch = 100
  for (let b = 0; b < 21; b++) {
    const t0 = performance.now()
    for (let i = 0; i < batch; i++) check('HIB', solveCards(hib).counts, want)
    times.push((performance.now() - t0) / batch)
  }
  return {
    name: `cards: all solutions of the HIB smiley set (${want.fixed} boards, ${want.upToRotation} up to turning)`,
    target: '≤ 10 ms',
    medianMs: median(times),
    runs: times.length * batch,
    detail: 'search + both counts, one process, after warm-up',
  }
}

/** Every board of a puzzle, timed; the first run's boards all pass the verifier. */
function everyBoard(puzzle: CardPuzzle, runs: number) {
  let bad = 0
  const first = solveCards(puzzle, {
    onSolution: (board) => void (verifyCardBoard(puzzle, board) !== undefined && bad++),
  })
  check(`${puzzle.name}: boards failing the verifier`, bad, 0)
  const times: number[] = []
  const rates: number[] = []
  let last: CardResult = first
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    last = solveCards(puzzle)
    const ms = performance.now() - t0
    check(`${puzzle.name}: counts`, last.counts, first.counts)
    times.push(ms)
    rates.push(last.stats.placements / ms / 1000)
  }
  const { placements, nodes } = last.stats
  const { fixed, upToRotation } = first.counts
  return {
    medianMs: median(times),
    runs,
    counts: `${fixed.toLocaleString('en')} boards, ${upToRotation.toLocaleString('en')} up to turning`,
    detail: `${median(rates).toFixed(1)} million placements/s (median); ${placements.toLocaleString('en')} placements, ${nodes.toLocaleString('en')} nodes per run`,
  }
}

/** The search core's speed without a frame: one table for all cells, every card everywhere. */
function coreSpeed(): Result {
  const { puzzle } = randomCardPuzzle(4, 4, 3, undefined, 1)
  const r = everyBoard(puzzle, 7)
  return {
    name: `cards: search core, all solutions of a random 4 × 4 board without frame (3 figures, seed 1: ${r.counts})`,
    target: '≥ 20 million placements/s',
    medianMs: r.medianMs,
    runs: r.runs,
    detail: r.detail,
  }
}

/**
 * A random 6 × 6 board, Eternity-style: a frame outside, 3 frame colours on the edges that run
 * into it, 5 inner colours elsewhere. 'same': colours match colours (as in Eternity II); 'halves':
 * each colour comes in two halves that must meet (the HIB rule), a much easier puzzle.
 */
function eternity(match: MatchRule, runs: number): Result {
  const { puzzle } = randomCardPuzzle(6, 6, 5, 3, 1, match)
  const r = everyBoard(puzzle, runs)
  return {
    name: `cards: all solutions of a random 6 × 6 board, frame + 3 frame and 5 inner colours, rule "${match}" (seed 1: ${r.counts})`,
    target: '≤ 10 s',
    medianMs: r.medianMs,
    runs: r.runs,
    detail: r.detail,
  }
}

export async function cardsBench(): Promise<Result[]> {
  return [hibAll(), coreSpeed(), eternity('same', 3), eternity('halves', 21)]
}
