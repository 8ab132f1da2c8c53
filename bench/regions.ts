/**
 * Boards of issue 24 (a hole, one-sided pieces, a piece left out), each counted in process and
 * through the CLI as a user runs it (`tile SET FIGURE --count --json`, start-up included), from
 * the same set and figure files.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { figureFromJson, parseJson, pieceSetFromJson } from '../shared/formats/load'
import { solvableSet } from '../shared/pieces/solvable'
import { buildTilingProblem } from '../shared/tiling/problem'
import { TilingSearch } from '../shared/tiling/search'
import { check, median, type Result } from './measure'
import { rect } from '../testing/shapes'

interface Board {
  readonly name: string
  readonly set: object
  readonly figure: object
  readonly want: { solutions: number; fixed: number }
}

type SetFile = { name: string; pieces: { name: string; polygon: number[][] }[] }

function boards(): Board[] {
  const pentominoes = parseJson(
    readFileSync('resources/sets/pentominoes.json', 'utf8'),
    'pentominoes',
  ) as SetFile
  const mirror = (poly: readonly number[][]) => poly.map(([x, y]) => [-x, y])
  // Each chiral pentomino and its mirror image as two one-sided pieces: 18 in all (the engine
  // finds the six symmetric ones flip-free and so keeps one of each).
  const chiral = new Set(['F', 'L', 'N', 'P', 'Y', 'Z'])
  const oneSided = pentominoes.pieces.flatMap((p) => [
    { ...p, flip: false },
    ...(chiral.has(p.name)
      ? [{ ...p, name: `${p.name}'`, polygon: mirror(p.polygon), flip: false }]
      : []),
  ])
  return [
    {
      name: 'pentominoes: the 8 × 8 with a 2 × 2 centre hole',
      set: pentominoes,
      figure: { polygons: [{ outline: rect(0, 0, 8, 8), holes: [rect(3, 3, 5, 5)] }] },
      want: { solutions: 65, fixed: 520 },
    },
    {
      name: 'one-sided pentominoes (18): the 3 × 30 rectangle',
      set: { name: 'one-sided pentominoes', pieces: oneSided },
      figure: { polygon: rect(0, 0, 30, 3) },
      want: { solutions: 46, fixed: 184 },
    },
    {
      // Each pentomino {"min": 0, "max": 1}: 55 cells take eleven of the twelve. The count is the
      // sum over the piece left out of the 5 × 11 with the other eleven (shared/tiling/ranges.test.ts).
      name: 'pentominoes, any one left out: the 5 × 11 rectangle',
      set: {
        name: 'pentominoes, one left out',
        pieces: pentominoes.pieces.map((p) => ({ ...p, count: { min: 0, max: 1 } })),
      },
      figure: { cells: Array<string>(5).fill('#'.repeat(11)) },
      want: { solutions: 4103, fixed: 16412 },
    },
  ]
}

/** Every tiling of a board, one process, after one warm-up run. */
function inProcess(b: Board): Result {
  const { pieces } = solvableSet(pieceSetFromJson(b.set, b.name))
  const figure = figureFromJson(b.figure, b.name).polygon
  const times: number[] = []
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now()
    const counts = new TilingSearch(buildTilingProblem(figure, pieces), 'reduce').runToEnd()
    const dt = performance.now() - t0
    check(b.name, counts, b.want)
    if (i > 0) times.push(dt)
  }
  return {
    name: `${b.name} (${b.want.solutions})`,
    target: '(new board kinds; no target)',
    medianMs: median(times),
    runs: times.length,
    detail: 'one process, problem built each run, after one warm-up run',
  }
}

/** The same count through the CLI's launcher, one run first unmeasured (it may build the CLI). */
function throughCli(b: Board, dir: string, i: number): Result {
  const set = join(dir, `set-${i}.json`)
  const figure = join(dir, `figure-${i}.json`)
  writeFileSync(set, JSON.stringify(b.set))
  writeFileSync(figure, JSON.stringify(b.figure))
  const args = ['scripts/cli.mjs', 'tile', set, figure, '--count', '--json']
  const times: number[] = []
  for (let run = 0; run <= 5; run++) {
    const t0 = performance.now()
    const r = spawnSync(process.execPath, args, { encoding: 'utf8' })
    const ms = performance.now() - t0
    if (r.status !== 0) throw new Error(`cli tile (${b.name}): exit ${r.status}: ${r.stderr}`)
    const { solutions, fixed } = JSON.parse(r.stdout) as typeof b.want
    check(`${b.name} (cli)`, { solutions, fixed }, b.want)
    if (run > 0) times.push(ms)
  }
  return {
    name: `${b.name} (${b.want.solutions}), through the CLI`,
    target: '(new board kinds; no target)',
    medianMs: median(times),
    runs: times.length,
    detail: 'node scripts/cli.mjs tile SET FIGURE --count --json, start-up included',
  }
}

export function regionsBench(): Result[] {
  const list = boards()
  const dir = mkdtempSync(join(tmpdir(), 'bench-regions-'))
  try {
    return [...list.map(inProcess), ...list.map((b, i) => throughCli(b, dir, i))]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
