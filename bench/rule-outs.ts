/**
 * Rule-outs before any search (issue 13, point 2). `convex hexominoes` as a user runs it
 * (`npm run -s cli -- convex hexominoes`, here through the same launcher), all 1125 outlines
 * decided, each with a reason, with the CLI process's peak memory (the outlines are planned and
 * ruled out in the worker processes); and the time from reading the pentaboloes to the first
 * outline a tiling run reports ruled out (what the Solve table shows first).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { convexCases } from '../shared/convex/convex'
import { parseJson, pieceSetFromJson } from '../shared/formats/load'
import { solvableSet } from '../shared/pieces/solvable'
import { nodeWorkers } from '../electron/services/node-worker'
import { runTilings } from '../electron/services/tiling-job'
import { SearchTooLargeError } from '../shared/errors'
import { check, median, type Result } from './measure'

const RUNS = 5
/** Prints the process's peak memory (KiB) on stderr as it exits. */
const PEAK_RSS = `data:text/javascript,process.on('exit', () => process.stderr.write('\\npeak-rss ' + process.resourceUsage().maxRSS + '\\n'))`

function hexominoesCli(): Result {
  const args = [
    '--import',
    PEAK_RSS,
    'scripts/cli.mjs',
    'convex',
    'hexominoes',
    '--json',
    '--jobs',
    '2',
  ]
  const times: number[] = []
  const peaks: number[] = []
  for (let i = 0; i <= RUNS; i++) {
    const t0 = performance.now()
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28 })
    const ms = performance.now() - t0
    if (r.status !== 0) throw new Error(`cli convex hexominoes: exit ${r.status}: ${r.stderr}`)
    const out = JSON.parse(r.stdout) as { outlines: { rejected?: string }[]; tileable: number }
    check(
      'convex hexominoes',
      {
        outlines: out.outlines.length,
        tileable: out.tileable,
        reasons: out.outlines.filter((o) => o.rejected).length,
      },
      { outlines: 1125, tileable: 0, reasons: 1125 },
    )
    // The first run builds the CLI if its sources changed: not measured.
    if (i === 0) continue
    times.push(ms)
    peaks.push(Number(/peak-rss (\d+)/.exec(r.stderr)![1]) / 1024)
  }
  return {
    name: 'convex hexominoes (cli, --jobs 2): 1125 outlines decided, 0 tileable, each with a reason',
    target: '≤ 10 s, ≤ 300 MB per process',
    medianMs: median(times),
    runs: times.length,
    detail: `peak memory of the cli process ${Math.max(...peaks).toFixed(0)} MiB (largest of the runs); process start-up included`,
  }
}

async function pentaboloesFirst(): Promise<Result> {
  const times: number[] = []
  for (let i = 0; i <= RUNS; i++) {
    const controller = new AbortController()
    let first: number | undefined
    const t0 = performance.now()
    const json = parseJson(readFileSync('resources/sets/pentaboloes.json', 'utf8'), 'pentaboloes')
    const { pieces, wire } = solvableSet(pieceSetFromJson(json, 'pentaboloes'))
    await runTilings({
      set: wire,
      figures: convexCases(pieces).cases,
      mode: 'reduce',
      list: false,
      transport: nodeWorkers(1),
      signal: controller.signal,
      onFigureDone: (_, r) => {
        if (first !== undefined || !r.rejected) return
        first = performance.now() - t0
        controller.abort()
      },
    })
    if (first === undefined) throw new Error('pentaboloes: no outline was ruled out')
    // The first run warms the code up: not measured.
    if (i > 0) times.push(first)
  }
  return {
    name: 'pentaboloes: the first outline reported ruled out, from reading the set',
    target: '≤ 1 s',
    medianMs: median(times),
    runs: times.length,
    detail:
      'set read, outlines listed, then the tiling run on one worker process (started in the run), after warm-up',
  }
}

/** A run not forced stops at its estimate (issue 13, point 3): no splitting before it does. */
async function pentaboloesStopped(): Promise<Result> {
  const times: number[] = []
  const json = parseJson(readFileSync('resources/sets/pentaboloes.json', 'utf8'), 'pentaboloes')
  const { pieces, wire } = solvableSet(pieceSetFromJson(json, 'pentaboloes'))
  const figures = convexCases(pieces).cases
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now()
    const run = runTilings({
      set: wire,
      figures,
      mode: 'reduce',
      list: false,
      transport: nodeWorkers(2),
    })
    await run.then(
      () => {
        throw new Error('pentaboloes: the run was not stopped at its estimate')
      },
      (e: unknown) => {
        if (!(e instanceof SearchTooLargeError)) throw e
      },
    )
    times.push(performance.now() - t0)
  }
  return {
    name: 'pentaboloes, every convex figure, not forced: stopped at its estimate',
    target: 'seconds (main before: 57 s at load 9, splitting as it planned)',
    medianMs: median(times),
    runs: times.length,
    detail:
      'two worker processes started in the run; the outlines planned until the estimate passes 2·10¹² nodes',
  }
}

export async function ruleOutsBench(): Promise<Result[]> {
  return [hexominoesCli(), await pentaboloesFirst(), await pentaboloesStopped()]
}
