/**
 * What a second worker pays on the task farm: queens n = 16 and the tetraboloes' convex figures
 * on warm workers (started once from the build, kept between runs, as the app keeps them), on one
 * and on two processes, alternately, with their counts checked. The ratio of the medians is the
 * speed-up; both are measured in the same run, so the machine's load weighs on both alike. Not
 * quite: on two cores only the runs on two processes feel a neighbour's load. So the speed-up
 * this machine allows two processes that never wait for each other (core-limit.ts) is measured
 * between them as the reference.
 */
import { convexCases } from '../shared/convex/convex'
import { publishedQueens } from '../shared/queens/oeis'
import { WarmPool } from '../electron/services/farm/processes'
import { LocalWorkers, type FarmTransport } from '../electron/services/farm/transport'
import { nodeWorkerLauncher } from '../electron/services/node-worker'
import { runQueensCount } from '../electron/services/queens/count-run'
import { runTilings } from '../electron/services/tiling-job'
import { CoreLimit } from './core-limit'
import { check, loadSet, median, type Result } from './measure'

/** Alternations: queens runs last half a second, so a disturbed moment weighs on a median of five. */
const RUNS = 9

async function scaling(name: string, job: (w: LocalWorkers) => Promise<void>): Promise<Result[]> {
  const limit = await CoreLimit.start()
  const pool = new WarmPool(nodeWorkerLauncher(), 2)
  const times: Record<1 | 2, number[]> = { 1: [], 2: [] }
  const reference = { alone: [] as number[], both: [] as number[] }
  try {
    // One run each to warm the processes (start-up, compiling the kernels) before measuring.
    for (let i = 0; i <= RUNS; i++) {
      for (const workers of [1, 2] as const) {
        const t0 = performance.now()
        await job(new LocalWorkers(pool, workers))
        if (i > 0) times[workers].push(performance.now() - t0)
      }
      if (i === 0) continue
      reference.alone.push(await limit.alone())
      reference.both.push(await limit.both())
    }
  } finally {
    pool.close()
    limit.close()
  }
  const [one, two] = [median(times[1]), median(times[2])]
  const allowed = (2 * median(reference.alone)) / median(reference.both)
  return [
    {
      name: `scaling: ${name}, --jobs 2 over --jobs 1 on warm workers`,
      target: '≥ 1.8×',
      medianMs: two,
      runs: RUNS,
      detail:
        `${(one / two).toFixed(2)}× (one worker ${one.toFixed(0)} ms, two ${two.toFixed(0)} ms, medians); ` +
        `the machine allows ${allowed.toFixed(2)}× (two processes that never wait for each other)`,
    },
  ]
}

/** Queens n = 16 on a transport, its counts checked. */
export async function queens16(transport: FarmTransport): Promise<void> {
  const published = publishedQueens(16)!
  const r = await runQueensCount({ n: 16, transport })
  check('16 queens', [r.total, r.unique], [published.total, published.unique])
}

/** The tetraboloes' convex figures on a transport, their count checked. */
export function tetraboloes(): (transport: FarmTransport) => Promise<void> {
  const { wire, pieces } = loadSet('tetraboloes')
  const figures = convexCases(pieces).cases
  return async (transport) => {
    const outcome = await runTilings({
      set: wire,
      figures,
      mode: 'reduce',
      list: false,
      transport,
    })
    check(
      'tetraboloes',
      outcome.figures.reduce((s, f) => s + f.counts.solutions, 0),
      23512,
    )
  }
}

export async function scalingBench(): Promise<Result[]> {
  return [
    ...(await scaling('queens n = 16', queens16)),
    ...(await scaling('tetraboloes, 23 512 convex tilings', tetraboloes())),
  ]
}
