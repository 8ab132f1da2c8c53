import { beforeEach, describe, expect, it } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import type { PentagonsRunResult } from '../../../shared/api/run'
import { documentFromJson } from '../../../shared/document/document'
import { parseRoot2 } from '../../../shared/exact/root2'
import type { PentagonText } from '../../../shared/pentagons/wire'
import { fakeRuns } from '../../../testing/fake-runs'
import { host } from '../../../testing/renderer-setup'
import { useOutput } from './output'
import { usePentagons } from './pentagons'

const tangram = () => documentFromJson(tangramSet, 'tangram.json')

/** A pentagon as the host's result carries it: exact numbers as text. */
const pentagon = (number: number, snug: boolean, corners: [string, string][]): PentagonText => ({
  number,
  corners,
  snug,
  convex: !snug,
  sides: corners.map(() => '1'),
  angles: [90, 135, 90, 135, 90],
  dissection: [],
  key: `k${number}`,
})
const result: PentagonsRunResult = {
  pentagons: [
    pentagon(1, true, [
      ['0', '0'],
      ['2', '0'],
      ['2', '1'],
      ['1', '2'],
      ['0', '1'],
    ]),
    pentagon(2, false, [
      ['0', '0'],
      ['3-√2/2', '0'],
      ['3', '1'],
      ['1', '2'],
      ['0', '1'],
    ]),
  ],
  coverage: 'all of them',
  set: { name: 'Tangram', pieces: [{ name: 'square', count: 1, color: '#f3a712' }] },
}
const progress = {
  phase: 2,
  what: 'deciding lattice pentagons',
  done: 3,
  total: 31,
  fraction: 0.3,
} as const

let runs: ReturnType<typeof fakeRuns>
beforeEach(() => (runs = fakeRuns(host)))

describe('the Pentagons store', () => {
  it('searches the document on the farm, shows its progress, then the pentagons with exact corners', async () => {
    const p = usePentagons()
    p.search(tangram())
    const { runId, params } = await runs.started('pentagons')
    expect(params.document.name).toBe('Tangram')
    expect(p.state).toBe('running')
    expect(p.current(tangram())).toBe(true)
    await runs.emit({ type: 'run.progress', runId, kind: 'pentagons', progress })
    expect(p.progress).toEqual(progress)
    await runs.end(runId, 'pentagons', { result })
    expect([p.state, p.elapsedMs, p.runId, p.coverage]).toEqual(['done', 1, runId, 'all of them'])
    expect(p.set).toEqual(result.set)
    expect(p.pentagons.map((q) => q.number)).toEqual([1, 2])
    // Exact: 3 − √2/2 read back as a + b√2.
    expect(p.pentagons[1].corners[1][0]).toEqual(parseRoot2('3-√2/2'))
    p.filter = 'snug'
    expect(p.shown.map((q) => q.number)).toEqual([1])
    // An export names the finished run and the pentagons shown.
    const output = useOutput()
    output.source = 'pentagons'
    expect(output.sheetSource).toEqual({ pentagons: { runId, numbers: [1] } })
  })

  it('stops at once; a refused start is the error shown', async () => {
    const p = usePentagons()
    p.search(tangram())
    await runs.started('pentagons')
    p.stop()
    expect(p.state).toBe('cancelled')
    expect(runs.cancelled()).toEqual(['r1'])
    host.answer('run.start', () => {
      throw new Error('Tetraboloes: 14 pieces (copies counted) are too many')
    })
    p.search(tangram())
    await runs.started('pentagons')
    expect([p.state, p.error]).toEqual([
      'failed',
      'Tetraboloes: 14 pieces (copies counted) are too many',
    ])
  })
})
