import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { areaInHalfSquares, type Point } from '../../shared/lattice/polygon'
import { exploreSets } from '../../shared/design/explore'
import { designJson } from '../../shared/design/json'
import { startCliAtTerminal } from '../../testing/cli-at-terminal'
import { childPids, processRunning } from '../../testing/processes'
import { cli } from './run-cli'
import { startCli } from './start-cli'

interface DesignJson {
  sets: { pieces: { polygon: Point[]; count: number }[]; outlines: number; tilings: number }[]
  outlines: unknown[]
  stats: { sets: number; searched: number; dropped: number }
  complete: boolean
}

describe('design (the set explorer)', () => {
  it('design --area 16 --pieces 7: exactly four sets make 19 outlines, none 20 (JSON)', () => {
    const r = cli('design', '--area', '16', '--pieces', '7', '--top', '5', '--json')
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out) as DesignJson
    expect(j.complete).toBe(true)
    expect(j.outlines).toHaveLength(20)
    expect(j.sets.map((s) => s.outlines)).toEqual([19, 19, 19, 19, 18])
    for (const s of j.sets) {
      expect(s.pieces.reduce((n, p) => n + p.count, 0)).toBe(7)
      expect(s.pieces.reduce((n, p) => n + p.count * areaInHalfSquares(p.polygon), 0)).toBe(16)
    }
    // Best first: the tilings break the tie.
    const tilings = j.sets.slice(0, 4).map((s) => s.tilings)
    expect(tilings).toEqual([...tilings].sort((a, b) => b - a))
    expect(j.stats.searched).toBeLessThan(j.stats.sets)
  })

  it('--jobs 2 prints the JSON of the explorer run in one process, but for what the bounds did', () => {
    const r = cli('design', '--area', '9', '--pieces', '3', '--top', '4', '--jobs', '2', '--json')
    expect(r.code).toBe(0)
    const here = designJson(exploreSets({ area: 9, pieces: 3, top: 4 }))
    const { stats, ...rest } = JSON.parse(r.out) as ReturnType<typeof designJson>
    const { stats: hereStats, ...hereRest } = here
    expect(rest).toEqual(hereRest)
    expect([stats.candidates, stats.sets]).toEqual([hereStats.candidates, hereStats.sets])
  })

  it('prints a table of the best sets and what the bounds removed', () => {
    const r = cli('design', '--area', '8', '--pieces', '3', '--top', '1')
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^Sets of 3 pieces of area 8 \(11 convex outlines\)/)
    expect(r.out).toMatch(/\n1 +7 +7 +2 × right trapezoid 2, √2, 1, 1; 1 × right isosceles/)
    expect(r.out).toMatch(/sets of \d+ candidate pieces; the bounds removed \d+ without a search/)
  })

  it.each([
    [['--area', '5', '--pieces', '6'], '--pieces 6 is more than --area 5'],
    [['--area', '0', '--pieces', '1'], '--area must be a whole number from 1 to 5000, not "0"'],
    [['--area', '8', '--pieces', 'two'], '--pieces must be a whole number'],
    [
      ['--area', '8', '--pieces', '3', '--from', 'tangram-square'],
      '--from tangram square: the figure covers 16 half-square triangles, not --area 8',
    ],
    [['--area', '8', '--pieces', '3', '--max-piece-area', '2'], 'cover at most 6, not 8'],
  ])('refuses %j in one line', (args, message) => {
    const r = cli('design', ...args)
    expect(r.code).toBe(1)
    expect(r.err).toContain(message)
    expect(r.err.trim().split('\n')).toHaveLength(1)
    expect(r.out).toBe('')
  })

  it('stops on Ctrl-C with the best sets so far, exiting 130', async () => {
    // Two pieces of area 16: minutes of work (the bounds prune little for so few pieces).
    const run = startCliAtTerminal('design', '--area', '16', '--pieces', '2', '--json')
    // Under way: its bar shows (growing the pieces, for a minute or more).
    await run.printed(/sets searched/)
    process.kill(run.pid(), 'SIGINT')
    const { code, out, err } = await run.done
    expect(code).toBe(130)
    expect(err).toContain('interrupted: the best sets found so far')
    expect(JSON.parse(out)).toMatchObject({ complete: false })
  })

  it('on Ctrl-C while its workers search the sets, stops them at once and prints the best so far', async () => {
    // Five pieces of area 16, none over 6 half-squares: grown in seconds (larger ones took two
    // minutes on a loaded machine), the sets keep two workers busy for many seconds more.
    const run = startCli(
      'design',
      '--area',
      '16',
      '--pieces',
      '5',
      '--max-piece-area',
      '6',
      '--top',
      '1',
      '--jobs',
      '2',
      '--json',
    )
    const workers = () =>
      childPids(run.child.pid!).filter((p) =>
        readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('farm-worker'),
      )
    await expect.poll(() => workers().length, { timeout: 50_000, interval: 100 }).toBe(2)
    const started = workers()
    run.child.kill('SIGINT')
    const { code, out, err } = await run.done
    expect(code).toBe(130)
    expect(err).toContain('interrupted: the best sets found so far')
    expect(JSON.parse(out)).toMatchObject({ complete: false })
    // Killed, not left to finish their units: gone within moments of the exit.
    await expect.poll(() => started.filter(processRunning), { timeout: 5_000 }).toEqual([])
  })

  it('stops at once on Ctrl-C while it makes thousands of outlines ready', async () => {
    // Area 2000 has 15,012 convex outlines, each made ready to fit pieces in: about a minute.
    const run = startCliAtTerminal('design', '--area', '2000', '--pieces', '3')
    await run.printed(/making the outlines ready/)
    process.kill(run.pid(), 'SIGINT')
    const stopped = Date.now()
    const { code, out } = await run.done
    // A generous bound: the point is that it stops within a step, not after the phase.
    expect(Date.now() - stopped).toBeLessThan(15_000)
    expect(code).toBe(130)
    expect(out).toBe('Stopped while growing the candidate pieces: no set searched.\n')
  })
})
