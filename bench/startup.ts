/**
 * Start-up of the command line: `sets` as `npm run -s cli -- sets` runs it (the launcher's check
 * that the build is current, then the bundle; npm's own start-up is not ours), against
 * `node -e 0`, alternating in the same run so that the machine's load weighs on both alike; and
 * `--help`, the start-up alone, since `sets` also reads every bundled set and counts its convex
 * outlines. The listing is checked on every run.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { check, median, type Result } from './measure'

const RUNS = 15

function timed(args: string[]): { ms: number; out: string } {
  const t0 = performance.now()
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' })
  const ms = performance.now() - t0
  if (r.status !== 0) throw new Error(`node ${args.join(' ')}: exit ${r.status}: ${r.stderr}`)
  return { ms, out: r.stdout }
}

export function startupBench(): Result[] {
  const launcher = ['--no-use-osr', 'scripts/cli.mjs']
  const sets = [...launcher, 'sets', '--json']
  // Not measured: builds the CLI if its sources changed.
  const listed = JSON.parse(timed(sets).out).sets as { id: string }[]
  const tangram = { id: 'tangram', name: 'Tangram', pieces: 7, kinds: 5, area: 16, outlines: 20 }
  check(
    'cli sets',
    listed.find((s) => s.id === 'tangram'),
    tangram,
  )
  // Every bundled set, as the index lists them (the sets come and go; the listing must be whole).
  const bundledSets = (JSON.parse(readFileSync('resources/set-index.json', 'utf8')) as unknown[])
    .length
  const node: number[] = []
  const help: number[] = []
  const cli: number[] = []
  for (let i = 0; i < RUNS; i++) {
    node.push(timed(['-e', '0']).ms)
    help.push(timed([...launcher, '--help']).ms)
    const { ms, out } = timed(sets)
    check('cli sets', JSON.parse(out).sets.length, bundledSets)
    cli.push(ms)
  }
  const base = median(node)
  const times = (xs: number[]) =>
    `${median(xs).toFixed(0)} ms (${(median(xs) / base).toFixed(1)} ×)`
  return [
    {
      name: 'cli sets: start-up and the listing, as npm run -s cli runs it',
      target: `≤ 3 × node -e 0 (${(3 * base).toFixed(0)} ms)`,
      medianMs: median(cli),
      runs: RUNS,
      detail: `node -e 0 took ${base.toFixed(0)} ms (median, same run), cli sets ${times(cli)}, cli --help ${times(help)}`,
    },
  ]
}
