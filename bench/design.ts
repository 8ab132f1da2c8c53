/**
 * The set explorer (issue 14): `design --area 16 --pieces 7` as a user runs it, start-up included,
 * its four sets of 19 outlines checked on every run; and one set of seven pieces of area 16 (the
 * tangram) evaluated as the explorer evaluates a set: all 20 outlines decided, those it makes
 * counted (13 outlines, 142 tilings, checked).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { outlineCases } from '../shared/convex/convex'
import { pieceCandidate } from '../shared/design/candidates'
import { evaluateSet } from '../shared/design/evaluate'
import { parsePieceSet } from '../shared/formats/load'
import { check, median, type Result } from './measure'

interface DesignJson {
  sets: { outlines: number }[]
  stats: { sets: number; searched: number; dropped: number }
}

function explorer(runs: number, jobs: number): Result {
  const times: number[] = []
  let stats: DesignJson['stats'] | undefined
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const args = ['run', '-s', 'cli', '--', 'design', '--area', '16', '--pieces', '7', '--top', '5']
    args.push('--jobs', String(jobs))
    const r = spawnSync('npm', [...args, '--json'], { encoding: 'utf8' })
    times.push(performance.now() - t0)
    const j = JSON.parse(r.stdout) as DesignJson
    check(
      'design --area 16 --pieces 7',
      j.sets.map((s) => s.outlines),
      [19, 19, 19, 19, 18],
    )
    stats = j.stats
  }
  const s = stats!
  return {
    name: `design --area 16 --pieces 7 --jobs ${jobs}: every set of seven pieces of area 16 (four make 19 outlines, none 20), through the CLI`,
    target: '≤ 10 minutes on 2 cores',
    medianMs: median(times),
    runs,
    detail: `pieces grown in the CLI process, sets searched on ${jobs} worker process${jobs > 1 ? 'es' : ''}, start-up included; ${s.sets.toLocaleString('en')} sets, ${(s.sets - s.searched).toLocaleString('en')} removed by the bounds without a search, ${s.searched} searched (${s.dropped} of them dropped part-way once they could not reach the best)`,
  }
}

function oneSet(): Result {
  const set = parsePieceSet(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram')
  const outlines = outlineCases(16)
  const pieces = set.pieces.flatMap((p) => Array(p.count).fill(pieceCandidate(p.polygon, outlines)))
  const fits = pieces.reduce((m, p) => m & p.fits, (1n << 20n) - 1n)
  const order = outlines.map((_, i) => i)
  const once = () => {
    const run = evaluateSet(pieces, fits, outlines, order, 1)
    let step = run.next()
    while (!step.done) step = run.next()
    if (typeof step.value === 'string') throw new Error(`tangram: ${step.value}`)
    return { outlines: step.value.outlines, tilings: step.value.tilings }
  }
  for (let i = 0; i < 30; i++) once()
  const times: number[] = []
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now()
    check('tangram as a set', once(), { outlines: 13, tilings: 142 })
    times.push(performance.now() - t0)
  }
  return {
    name: 'one set of seven pieces of area 16 (the tangram): all 20 outlines decided, the 13 it makes counted (142 tilings)',
    target: '≤ 50 ms median after warm-up',
    medianMs: median(times),
    runs: times.length,
    detail: `one process, after warm-up; ${20 - bitCount(fits)} outlines decided by the bound (a piece fits nowhere in them), the rest by the tiling engine`,
  }
}

const bitCount = (m: bigint) => m.toString(2).replace(/0/g, '').length

export function designBench(runs = 3): Result[] {
  return [oneSet(), explorer(runs, 1), explorer(runs, 2)]
}
