/**
 * Benchmarks for the square cards (issue 5): every solution of the HIB smiley set, the search
 * core's speed in placements ((card type, turn) pairs tried at a cell) per second, and every
 * solution of random Eternity-style 6 × 6 boards. Medians after warm-up, one process; the counts
 * are checked on every run (HIB: against the plain brute force; random boards: against the first
 * run, whose boards all pass the independent verifier, and under rule 'same' also against the
 * counts the first, plain scan-order solver found), so a fast wrong answer cannot pass.
 */
import { readFileSync } from 'node:fs'
import { bruteForceCards } from '../testing/brute/cards'
import { parseCards } from '../shared/edgematch/cards/format'
import type { CardPuzzle, MatchRule } from '../shared/edgematch/cards/puzzle'
import { randomCardPuzzle } from '../shared/edgematch/cards/random'
import {
  planCardCount,
  solveCards,
  type CardCounts,
  type CardResult,
} from '../shared/edgematch/cards/solve'
import { runParts, worstTimeLeft } from '../testing/card-parts'
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

/**
 * Every board of a puzzle, timed; the first run's boards all pass the verifier, and it counts
 * `known` if given.
 */
function everyBoard(puzzle: CardPuzzle, runs: number, known?: CardCounts) {
  let bad = 0
  let emitted = 0
  const first = solveCards(puzzle, {
    onSolution: (board) => void (emitted++, verifyCardBoard(puzzle, board) !== undefined && bad++),
  })
  check(`${puzzle.name}: boards failing the verifier`, bad, 0)
  check(`${puzzle.name}: boards emitted`, BigInt(emitted), first.counts.fixed)
  if (known) check(`${puzzle.name}: counts`, first.counts, known)
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
function eternity(match: MatchRule, seed: number, runs: number, known?: CardCounts) {
  const { puzzle } = randomCardPuzzle(6, 6, 5, 3, seed, match)
  return everyBoard(puzzle, runs, known)
}

/** Seeds 1 … 10 under rule 'same': the counts of the first solver (plain scan order, 1.6–15 s). */
const SAME_COUNTS: readonly CardCounts[] = [
  [224, 56],
  [384, 96],
  [26368, 6592],
  [9728, 2432],
  [50208, 12552],
  [78336, 19584],
  [384, 96],
  [1920, 480],
  [9216, 2304],
  [544, 136],
].map(([fixed, upToRotation]) => ({ fixed: BigInt(fixed), upToRotation: BigInt(upToRotation) }))

/**
 * Rule 'same' is where boards differ most: one seed can take ten times as long as another. So
 * seeds 1 … 10 are timed, each the median of its runs, and the target holds for the worst seed;
 * the result's time is that worst median, the detail lists every seed's.
 */
function eternitySame(runs: number): Result {
  const per = SAME_COUNTS.map((known, k) => ({
    seed: k + 1,
    ...eternity('same', k + 1, runs, known),
  }))
  const worst = per.reduce((a, b) => (b.medianMs > a.medianMs ? b : a))
  const ms = (x: number) => (x < 1000 ? `${x.toFixed(0)} ms` : `${(x / 1000).toFixed(2)} s`)
  return {
    name: `cards: all solutions of random 6 × 6 boards, frame + 3 frame and 5 inner colours, rule "same", seeds 1–${per.length}; the worst seed's median (seed ${worst.seed}: ${worst.counts})`,
    target: '≤ 10 s for the worst seed',
    medianMs: worst.medianMs,
    runs: per.reduce((s, r) => s + r.runs, 0),
    detail: `median over the seeds ${ms(median(per.map((r) => r.medianMs)))}; per seed ${per.map((r) => `${r.seed}: ${ms(r.medianMs)}`).join(', ')}; worst seed ${worst.detail}`,
  }
}

/** The 'halves' rule on seed 1, for comparison. */
function eternityHalves(runs: number): Result {
  const r = eternity('halves', 1, runs)
  return {
    name: `cards: all solutions of a random 6 × 6 board, frame + 3 frame and 5 inner colours, rule "halves" (seed 1: ${r.counts})`,
    target: '≤ 10 s',
    medianMs: r.medianMs,
    runs: r.runs,
    detail: r.detail,
  }
}

/**
 * A count of framed 8 × 8 boards (`figures` figures, 2 frame colours) split into weighed parts,
 * as the farm runs it (issue 28, 5c), one process: the plan (the search tried whole up to its
 * first report, the split and the probes) beside the one search, in time and in nodes, and the
 * worst time left said after the first tenth with the parts run in the farm's order, in nodes
 * (load does not enter). The parts' counts are checked against the one search's.
 */
function splitCount(figures: number, seeds: readonly number[]): Result {
  const per = seeds.map((seed) => {
    const { puzzle } = randomCardPuzzle(8, 8, figures, 2, seed)
    let t0 = performance.now()
    const whole = solveCards(puzzle)
    const wholeMs = performance.now() - t0
    t0 = performance.now()
    const plan = planCardCount(puzzle)
    const planMs = performance.now() - t0
    if ('whole' in plan) throw new Error(`seed ${seed}: not split`)
    t0 = performance.now()
    const { ran, fixed, upToRotation } = runParts(puzzle, plan)
    const partsMs = performance.now() - t0
    check(`8 × 8 seed ${seed}: the parts' counts`, { fixed, upToRotation }, whole.counts)
    return {
      seed,
      parts: plan.parts.length,
      wholeMs,
      ms: planMs + partsMs,
      planShare: planMs / wholeMs,
      nodeShare: (plan.tried + plan.probeSteps) / whole.stats.nodes,
      worst: worstTimeLeft(ran, (w) => w),
    }
  })
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`
  const worst = Math.max(...per.map((r) => r.worst))
  return {
    name: `cards: counts of framed 8 × 8 boards split into weighed parts (${figures} figures, 2 frame colours, seeds ${seeds.join(', ')}; worst time left ${worst.toFixed(2)}x)`,
    target: 'plan ≤ 15 % of the search; time left within 2x after the first tenth',
    medianMs: median(per.map((r) => r.ms)),
    runs: per.length,
    detail: per
      .map(
        (r) =>
          `${r.seed}: ${r.parts} parts, plan ${pct(r.planShare)} of the search's ${r.wholeMs.toFixed(0)} ms (${pct(r.nodeShare)} of its nodes), time left within ${r.worst.toFixed(2)}x`,
      )
      .join('; '),
  }
}

export async function cardsBench(): Promise<Result[]> {
  return [
    hibAll(),
    coreSpeed(),
    eternitySame(3),
    eternityHalves(21),
    splitCount(6, [1, 2, 3, 4, 5, 6]),
    // Seeds 1, 3 and 5 search 100–860 million nodes.
    splitCount(5, [2, 4, 6]),
  ]
}
