/**
 * Silhouette puzzles (issue 14): `puzzles tangram --count 20 --unique --any` as a user runs it,
 * start-up included; every run must give 20 distinct figures with one solution each.
 */
import { spawnSync } from 'node:child_process'
import { check, median, type Result } from './measure'

export function puzzlesBench(runs = 5): Result[] {
  const times: number[] = []
  const args = ['puzzles', 'tangram', '--count', '20', '--unique', '--any', '--json']
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const r = spawnSync('npm', ['run', '-s', 'cli', '--', ...args], { encoding: 'utf8' })
    times.push(performance.now() - t0)
    const { figures } = JSON.parse(r.stdout) as {
      figures: { polygon: number[][]; solutions: number }[]
    }
    const distinct = new Set(figures.map((f) => JSON.stringify(f.polygon))).size
    const unique = figures.filter((f) => f.solutions === 1).length
    check('puzzles tangram', { distinct, unique }, { distinct: 20, unique: 20 })
  }
  return [
    {
      name: 'puzzles tangram: 20 figures with exactly one solution, through the CLI',
      target: '≤ 60 s on 2 cores',
      medianMs: median(times),
      runs,
      detail: `npm run -s cli -- ${args.join(' ')}, start-up included`,
    },
  ]
}
