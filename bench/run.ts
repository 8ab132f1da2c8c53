/**
 * Benchmarks for the performance targets (`npm run bench`). Times are medians over
 * several runs after warm-up, on this machine; the counts are checked on every run so that a fast
 * wrong answer cannot pass. `--json` prints the results as JSON.
 */
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { convexCases, outlineFigures } from '../shared/convex/convex'
import { parseFigure, parseJson, parsePieceSet, pieceSetFromJson } from '../shared/formats/load'
import { solvableSet } from '../shared/pieces/solvable'
import { buildTilingProblem } from '../shared/tiling/problem'
import { TilingSearch } from '../shared/tiling/search'
import { nodeWorkers } from '../electron/services/node-worker'
import { runTilings } from '../electron/services/tiling-job'
import { solveJob } from '../electron/services/solve-job'
import { renderExport } from '../electron/services/export/exporter'
import { DEFAULT_EXPORT } from '../shared/drawing/export-settings'
import { cardsBench } from './cards'
import { triangleBench } from './triangle'
import { queensBench } from './queens'
import { queensGameBench } from './queens-game'
import { pentagonsBench } from './pentagons'
import { puzzlesBench } from './puzzles'
import { designBench } from './design'
import { taitBench } from './tait'
import { cancelBench } from './cancel'
import { ruleOutsBench } from './rule-outs'
import { startupBench } from './startup'
import { check, loadSet, median, type Result } from './measure'
import buildMain from '../testing/build-main'
import { scalingBench } from './scaling'
import { queueBench } from './queue'
import { regionsBench } from './regions'
import { plotPlanBench } from './plot'
import { offLatticeBench } from './offlattice'

/** Programs 2/3 on the tangram, whole pipeline: outlines, problems, cheap arguments, searches. */
function tangramConvex(): Result {
  const { pieces } = loadSet('tangram')
  const once = () => {
    let solutions = 0
    let tileable = 0
    for (const f of outlineFigures(convexCases(pieces).cases, pieces)) {
      const { problem, rejected } = f.prepare()
      const n = rejected || !problem ? 0 : new TilingSearch(problem, 'reduce').runToEnd().solutions
      solutions += n
      if (n > 0) tileable++
    }
    return { solutions, tileable }
  }
  for (let i = 0; i < 100; i++) once()
  const times: number[] = []
  for (let batch = 0; batch < 15; batch++) {
    const t0 = performance.now()
    for (let i = 0; i < 20; i++) check('tangram', once(), { solutions: 142, tileable: 13 })
    times.push((performance.now() - t0) / 20)
  }
  return {
    name: 'tangram: all convex figures (20 outlines, 142 tilings)',
    target: '≤ 10 ms per run',
    medianMs: median(times),
    runs: 300,
    detail: 'one process, after warm-up',
  }
}

/**
 * Reading the largest set a file may hold: the tangram and 10 staircases of 9,998 vertices
 * (99,980 vertices, 1.2 MB), every polygon checked to be simple (the file of 60 took 72 s
 * when the check compared every pair of edges). It runs on the host's event loop, so its time is
 * how long the browser host's clients wait.
 */
function largestSet(): Result {
  const stairs: number[][] = []
  for (let i = 0; i < 4998; i++) stairs.push([i, i], [i + 1, i])
  stairs.push([4998, 4998], [0, 4998])
  const tangram = JSON.parse(readFileSync('resources/sets/tangram.json', 'utf8')) as object
  const figures = Array.from({ length: 10 }, (_, i) => ({ name: `stairs ${i}`, polygon: stairs }))
  const text = JSON.stringify({ ...tangram, figures })
  const once = () => pieceSetFromJson(parseJson(text, 'stairs.json'), 'stairs.json')
  once()
  const times: number[] = []
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now()
    check('staircases read', once().figures.length, 10)
    times.push(performance.now() - t0)
  }
  return {
    name: `sets: the largest a file may hold (10 figures of 9,998 vertices, ${(text.length / 1e6).toFixed(1)} MB), parsed and checked`,
    target: '≤ 300 ms',
    medianMs: median(times),
    runs: times.length,
    detail:
      'JSON, schema, and every polygon checked simple in O(n log n); one process, after warm-up',
  }
}

/** All 6 × 10 pentomino tilings, one process. */
function pentominoes(): Result {
  const { pieces } = loadSet('pentominoes')
  const polygon = parseFigure(
    readFileSync('resources/figures/rectangle-6x10.json', 'utf8'),
    '6x10',
  ).polygon
  const problem = buildTilingProblem(polygon, pieces)
  const times: number[] = []
  for (let i = 0; i < 8; i++) {
    const t0 = performance.now()
    const counts = new TilingSearch(problem, 'reduce').runToEnd()
    const dt = performance.now() - t0
    check('6 × 10', counts, { solutions: 2339, fixed: 9356 })
    if (i > 0) times.push(dt)
  }
  return {
    name: 'pentominoes: all tilings of the 6 × 10 rectangle (2339)',
    target: '≤ 150 ms',
    medianMs: median(times),
    runs: times.length,
    detail: 'one process, after one warm-up run',
  }
}

/** The 14 tetraboloes: every convex outline of area 56 decided, every tiling counted. */
async function tetraboloes(workers: number): Promise<Result> {
  const { wire, pieces } = loadSet('tetraboloes')
  const cases = convexCases(pieces).cases
  const times: number[] = []
  let placements = 0
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now()
    const outcome = await runTilings({
      set: wire,
      figures: cases,
      mode: 'reduce',
      list: false,
      transport: nodeWorkers(workers),
    })
    times.push(performance.now() - t0)
    const solutions = outcome.figures.reduce((s, f) => s + f.counts.solutions, 0)
    const tileable = outcome.figures.filter((f) => f.counts.solutions > 0).length
    check(
      'tetraboloes',
      { outlines: cases.length, tileable, solutions },
      { outlines: 63, tileable: 8, solutions: 23512 },
    )
    placements = outcome.figures.reduce((s, f) => s + f.stats.placements, 0)
  }
  return {
    name: `tetraboloes: 63 outlines decided, 23 512 tilings counted, ${workers} ${workers === 1 ? 'process' : 'worker processes'}`,
    target: workers > 1 ? '≤ 10 s using both cores' : '(for comparison)',
    medianMs: median(times),
    runs: times.length,
    detail: `${(placements / 1e6).toFixed(1)} million placements; process start-up included`,
  }
}

/** The solution sheet of all 142 tangram tilings: PDF (layout, drawing, fonts), HPGL and G-code (planning). */
async function tangramSheets(): Promise<Result[]> {
  const { job } = await solveJob(
    solvableSet(parsePieceSet(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram')),
    { kind: 'convex', mode: 'reduce', workers: 1 },
  )
  const tilings = job.figures.reduce((n, f) => n + f.tilings.length, 0)
  check('tangram tilings for the sheet', tilings, 142)
  const time = async (format: 'pdf' | 'hpgl' | 'gcode', runs: number) => {
    const times: number[] = []
    let detail = ''
    // G-code goes to a GRBL plotter; the other formats to the default (HP 7475A).
    const plotter = {
      ...DEFAULT_EXPORT.plotter,
      device: format === 'gcode' ? 'grbl-servo' : DEFAULT_EXPORT.plotter.device,
    }
    for (let i = 0; i <= runs; i++) {
      const t0 = performance.now()
      const r = await renderExport(job, { ...DEFAULT_EXPORT, format, plotter }, 'resources/fonts')
      if (i > 0) times.push(performance.now() - t0)
      check(`${format} solutions`, r.solutions, 142)
      const bytes = r.files.reduce((n, f) => n + f.content.length, 0)
      detail = `${r.pages} pages, ${(bytes / 1024).toFixed(0)} KiB`
      if (r.plot) {
        detail += `; pen up ${(r.plot.penUp / 1000).toFixed(2)} m planned vs ${(r.plot.naivePenUp / 1000).toFixed(2)} m in drawing order`
      }
    }
    return { times, detail }
  }
  const pdf = await time('pdf', 9)
  const hpgl = await time('hpgl', 15)
  const gcode = await time('gcode', 15)
  return [
    {
      name: 'tangram: PDF solution sheet of all 142 tilings',
      target: '≤ 2 s',
      medianMs: median(pdf.times),
      runs: pdf.times.length,
      detail: pdf.detail,
    },
    {
      name: 'tangram: HPGL of the same sheet, paths planned',
      target: '≤ 200 ms',
      medianMs: median(hpgl.times),
      runs: hpgl.times.length,
      detail: hpgl.detail,
    },
    {
      name: 'tangram: G-code of the same sheet (GRBL, servo pen), paths planned',
      target: '≤ 200 ms',
      medianMs: median(gcode.times),
      runs: gcode.times.length,
      detail: gcode.detail,
    },
    ...plotPlanBench(job),
  ]
}

// The workers start from the build, as the command line's do: it is brought up to date first.
buildMain()

const results: Result[] = [
  ...startupBench(),
  tangramConvex(),
  largestSet(),
  ...(await tangramSheets()),
  ...(await triangleBench()),
  ...(await cardsBench()),
  ...(await queensBench()),
  ...queensGameBench(),
  ...taitBench(),
  ...pentagonsBench(),
  ...puzzlesBench(),
  ...designBench(),
  pentominoes(),
  ...regionsBench(),
  ...(await offLatticeBench()),
  await tetraboloes(availableParallelism()),
  await tetraboloes(1),
  ...(await scalingBench()),
  ...(await queueBench()),
  ...(await ruleOutsBench()),
  ...(await cancelBench()),
]
const peakRss = process.resourceUsage().maxRSS / 1024
if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify({
      results,
      peakRssMiB: Math.round(peakRss),
      cores: availableParallelism(),
      node: process.version,
    }),
  )
} else {
  for (const r of results) {
    const time =
      r.medianMs < 1000
        ? `${r.medianMs.toFixed(r.medianMs < 10 ? 2 : 0)} ms`
        : `${(r.medianMs / 1000).toFixed(2)} s`
    console.log(`${r.name}\n  median ${time} over ${r.runs} runs (target ${r.target}); ${r.detail}`)
  }
  console.log(
    `peak memory of the benchmark process: ${Math.round(peakRss)} MiB; ${availableParallelism()} cores, Node ${process.version}`,
  )
}
