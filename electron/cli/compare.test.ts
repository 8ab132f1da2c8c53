import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compareSets, compareTotals } from '../../shared/compare/compare'
import { startCliAtTerminal } from '../../testing/cli-at-terminal'
import { bundledSet, cutTangram, cutTangramJson } from '../../testing/farm-sets'
import { queueWithWorker } from '../../testing/queue-fixture'
import { missingRedis } from '../../testing/redis'
import { cli, cliAsync } from './run-cli'

if (missingRedis) console.warn(missingRedis)

const tmp = mkdtempSync(join(tmpdir(), 'pw-compare-'))
const cut = join(tmp, 'cut.json')
writeFileSync(cut, JSON.stringify(cutTangramJson()))
/** The comparison the shared code makes in this process, as JSON carries it. */
const here = () => {
  const sets = [bundledSet('tangram'), cutTangram()]
  const c = compareSets(sets)
  const totals = compareTotals(c, 2)
  return {
    area: c.area,
    sets: sets.map((s, i) => ({ name: s.name, ...totals[i] })),
    outlines: JSON.parse(JSON.stringify(c.outlines)),
  }
}

describe('compare on the command line', () => {
  it('counts every convex outline for each set as the comparison in one process does (--json)', () => {
    const r = cli('compare', 'tangram', cut, '--json', '--jobs', '2')
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    expect(j).toEqual(here())
    expect(j.sets).toEqual([
      { name: 'Tangram', outlines: 13, only: 0, tilings: 142 },
      { name: 'Cut', outlines: 16, only: 3, tilings: 1010 },
    ])
    expect(j.outlines).toHaveLength(20)
  })

  it('prints the totals per set and a table of the outlines', () => {
    const r = cli('compare', 'tangram', cut)
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^Tangram and Cut: 20 convex outlines of 16 half-squares/)
    expect(r.out).toMatch(/\nTangram\s+13 of 20\s+0\s+142\n/)
    expect(r.out).toMatch(/\nCut\s+16 of 20\s+3\s+1010\n/)
    expect(r.out).toMatch(/\n\s*#\s+outline\s+Tangram\s+Cut\n/)
    // The square: the tangram makes it in one way, the cut set in twelve.
    expect(r.out).toMatch(/\n16\s+square 2√2\s+1\s+12\n/)
    expect(r.out).toMatch(/\n17\s+parallelogram 4√2, 2, 4√2, 2\s+–\s+45\n/)
  })

  it('refuses sets that do not compare in one line, exit 1', () => {
    const cases: [string[], string][] = [
      [['tangram'], 'error: compare 2 to 8 sets, not 1\n'],
      [
        ['tangram', 'tetraboloes'],
        'error: sets compare only when they cover the same area: Tangram 16, Tetraboloes 56 half-squares\n',
      ],
      [
        ['tangram', cut, '--jobs', '0'],
        'error: --jobs must be a whole number from 1 to 256, not "0"\n',
      ],
    ]
    for (const [args, err] of cases) {
      const r = cli('compare', ...args)
      expect([r.code, r.out, r.err]).toEqual([1, '', err])
    }
    const none = cli('compare', 'tangram', join(tmp, 'none.json'))
    expect(none.code).toBe(1)
    expect(none.err.trim().split('\n')).toHaveLength(1)
    expect(none.err).toMatch(/^error: .*none\.json/)
  })

  it('stops at once on Ctrl-C, exiting 130', async () => {
    // Fourteen tetraboloes on each outline of 56 half-squares: far too long for a test.
    const run = startCliAtTerminal('compare', 'tetraboloes', 'tetraboloes', '--jobs', '1')
    await run.printed(/\d+\/\d+ counts/)
    process.kill(run.pid(), 'SIGINT')
    const { code, out, err } = await run.done
    expect(code).toBe(130)
    expect(out).toBe('')
    expect(err).toContain('interrupted: no comparison printed\n')
  })
})

describe.skipIf(missingRedis !== undefined)('compare --queue', () => {
  const queue = queueWithWorker('--jobs', '1')

  it('makes on the queue the comparison one process makes', async () => {
    const r = await cliAsync('compare', 'tangram', cut, '--json', '--queue', queue.redis.url)
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out)).toEqual(here())
  }, 300_000)

  it('refuses a queue it cannot reach in one line', async () => {
    const r = await cliAsync('compare', 'tangram', cut, '--queue', 'redis://127.0.0.1:1')
    expect(r.code).toBe(1)
    expect(r.out).toBe('')
    expect(r.err.trim().split('\n')).toHaveLength(1)
    expect(r.err).toMatch(/^error: .*127\.0\.0\.1:1/)
  }, 60_000)
})
