/**
 * Benchmarks for the triangle puzzle ("Dreieckspuzzle"): every solution of each contest file, and
 * the search core's speed in placements ((piece, turn) pairs tried at a cell) per second on the
 * largest boards we have. Medians after warm-up, one process; the counts are checked on every run
 * (contest files: against the plain brute force; random boards: against the first run, whose
 * boards all pass the independent verifier), so a fast wrong answer cannot pass.
 */
import { readFileSync } from 'node:fs'
import { TriangleBrute } from '../testing/brute/triangle'
import { parseTrianglePuzzle } from '../shared/edgematch/triangle/parse'
import type { TrianglePuzzle } from '../shared/edgematch/triangle/puzzle'
import { randomPuzzle } from '../shared/edgematch/triangle/random'
import { solveAll } from '../shared/edgematch/triangle/solve'
import { verifyTriangleSolution } from '../shared/edgematch/triangle/verify'
import { seededRandom } from '../shared/random'
import { check, median, type Result } from './measure'

/** Parse and solve a contest file completely (fixed and up to rotation), from its text. */
function contestFile(k: number): Result {
  const name = `puzzle${k}.txt`
  const text = readFileSync(`shared/edgematch/triangle/examples/${name}`, 'utf8')
  const parsed = parseTrianglePuzzle(text, name)
  const brute = new TriangleBrute(parsed.rows, parsed.pieces).solve()
  const want = { fixed: brute.fixed, upToRotation: brute.upToRotation }
  const once = () => {
    const { fixed, upToRotation } = solveAll(parseTrianglePuzzle(text, name)).counts
    return { fixed, upToRotation }
  }
  for (let i = 0; i < 200; i++) once()
  const times: number[] = []
  const batch = 50
  for (let b = 0; b < 21; b++) {
    const t0 = performance.now()
    for (let i = 0; i < batch; i++) check(name, once(), want)
    times.push((performance.now() - t0) / batch)
  }
  return {
    name: `triangle: all solutions of ${name} (${want.fixed} boards, ${want.upToRotation} up to rotation)`,
    target: '≤ 10 ms each',
    medianMs: median(times),
    runs: times.length * batch,
    detail: 'parse + search + counts, one process, after warm-up',
  }
}

/** Every board of a random solvable board, timed; placements per second of the search. */
function coreSpeed(rows: number, figures: number, seed: number, runs: number): Result {
  const puzzle: TrianglePuzzle = randomPuzzle(rows, figures, 'built', seededRandom(seed))
  let bad = 0
  const first = solveAll(puzzle, (s) => {
    if (verifyTriangleSolution(puzzle.rows, puzzle.pieces, s) !== undefined) bad++
  })
  check(`${rows} rows: boards failing the verifier`, bad, 0)
  const times: number[] = []
  const rates: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const { counts, stats } = solveAll(puzzle)
    const ms = performance.now() - t0
    check(
      `${rows} rows: boards`,
      [counts.fixed, counts.upToRotation],
      [first.counts.fixed, first.counts.upToRotation],
    )
    times.push(ms)
    rates.push(stats.placements / ms / 1000)
  }
  const { placements, nodes } = first.stats
  return {
    name: `triangle: search core, all ${first.counts.fixed.toLocaleString('en')} boards of a random ${rows}-row puzzle (${rows * rows} pieces, ${figures} figures, seed ${seed})`,
    target: '≥ 20 million placements/s',
    medianMs: median(times),
    runs,
    detail: `${median(rates).toFixed(1)} million placements/s (median); ${(placements / 1e6).toFixed(1)} million placements, ${(nodes / 1e6).toFixed(1)} million nodes per run`,
  }
}

export async function triangleBench(): Promise<Result[]> {
  return [...[0, 1, 2, 3].map(contestFile), coreSpeed(5, 10, 3, 9), coreSpeed(4, 4, 1, 7)]
}
