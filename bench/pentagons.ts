/**
 * TANGRAM-5 (issue 12): `pentagons tangram` as a user runs it, start-up included; its counts
 * (53 pentagons, 22 snug, 31 not) are checked on every run.
 */
import { spawnSync } from 'node:child_process'
import { check, median, type Result } from './measure'

export function pentagonsBench(runs = 5): Result[] {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const r = spawnSync('npm', ['run', '-s', 'cli', '--', 'pentagons', 'tangram', '--json'], {
      encoding: 'utf8',
    })
    times.push(performance.now() - t0)
    const { snug, nonSnug, total } = JSON.parse(r.stdout) as Record<string, number>
    check('pentagons tangram', { snug, nonSnug, total }, { snug: 22, nonSnug: 31, total: 53 })
  }
  return [
    {
      name: 'pentagons tangram: every pentagon of the tangram (TANGRAM-5), through the CLI',
      target: '≤ 10 s on this machine',
      medianMs: median(times),
      runs,
      detail: 'npm run -s cli -- pentagons tangram --json, start-up included',
    },
  ]
}
