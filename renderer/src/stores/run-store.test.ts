import { defineStore } from 'pinia'
import { describe, expect, it } from 'vitest'
import { fakeRuns } from '../../../testing/fake-runs'
import { host, settled } from '../../../testing/renderer-setup'
import { runStore } from './run-store'

const useCards = defineStore('test-cards', () => ({ run: runStore('cards') }))
const params = { text: '{}', goal: 'count' } as const
const result = {
  fixed: '16',
  upToRotation: '4',
  complete: true,
  nodes: 9,
  placements: 30,
  ms: 5,
  identical: [],
}
const board = { board: [[0, 1]] as [number, number][], canonical: true }

describe('a run store', () => {
  it('starts a run of its kind, follows its events to the result; events before the reply wait', async () => {
    const runs = fakeRuns(host)
    let reply: () => void = () => {}
    host.answer('run.start', async () => {
      // The host's first events come before the start's reply.
      host.emit({
        type: 'run.started',
        runId: 'r1',
        kind: 'cards',
        runsOn: { kind: 'here', processes: 2 },
      })
      host.emit({ type: 'run.items', runId: 'r1', kind: 'cards', items: [board] })
      await new Promise<void>((resolve) => (reply = resolve))
      return { runId: 'r1' }
    })
    const { run } = useCards()
    const ended = run.start(params)
    await settled()
    expect(host.callsOf('run.start')).toEqual([{ kind: 'cards', params }])
    expect([run.running, run.state, run.runId]).toEqual([true, 'running', undefined])
    reply()
    await settled()
    expect(run.runId).toBe('r1')
    expect(run.place).toEqual({ kind: 'here', processes: 2 })
    expect(run.items).toEqual([board])
    // Another kind's run, or another run of this kind, is not this one's.
    await runs.emit({
      type: 'run.progress',
      runId: 'r1',
      kind: 'triangle',
      progress: { found: 1, nodes: 1 },
    })
    await runs.emit({
      type: 'run.progress',
      runId: 'r0',
      kind: 'cards',
      progress: { found: 1, nodes: 1 },
    })
    expect(run.progress).toBeUndefined()
    await runs.emit({
      type: 'run.progress',
      runId: 'r1',
      kind: 'cards',
      progress: { found: 3, nodes: 70, fraction: 0.5, etaSeconds: 12 },
    })
    expect([run.progress?.found, run.eta]).toEqual([3, 12])
    await runs.end('r1', 'cards', { result })
    expect(await ended).toEqual({ result, error: undefined })
    expect([run.running, run.result, run.progress, run.error]).toEqual([
      false,
      result,
      undefined,
      undefined,
    ])
    // How it ended, after how long on the host, and its id to ask for its results by.
    expect([run.state, run.elapsedMs, run.runId]).toEqual(['done', 1, 'r1'])
  })

  it('cancels at once, and tells the host; a new start cancels the run before it', async () => {
    const runs = fakeRuns(host)
    const { run } = useCards()
    const first = run.start(params)
    await settled()
    run.cancel()
    expect([run.running, run.state]).toEqual([false, 'cancelled'])
    expect(await first).toEqual({ result: undefined, error: undefined })
    await settled()
    expect(runs.cancelled()).toEqual(['r1'])

    const second = run.start(params)
    await settled()
    const third = run.start(params)
    expect(await second).toEqual({ result: undefined, error: undefined })
    await settled()
    expect(runs.cancelled()).toEqual(['r1', 'r2'])
    expect(run.running).toBe(true)
    // The cancelled run's late end is not the running one's.
    await runs.emit({
      type: 'run.ended',
      runId: 'r2',
      kind: 'cards',
      outcome: 'cancelled',
      elapsedMs: 1,
    })
    expect(run.running).toBe(true)
    await runs.end('r3', 'cards', { result })
    expect((await third).result).toEqual(result)
  })

  it('a refused start and a failed run end with their error', async () => {
    const runs = fakeRuns(host)
    const { run } = useCards()
    host.answer('run.start', () => {
      throw new Error('the puzzle: not JSON')
    })
    expect(await run.start(params)).toEqual({ result: undefined, error: 'the puzzle: not JSON' })
    expect([run.running, run.state, run.error]).toEqual([false, 'failed', 'the puzzle: not JSON'])
    fakeRuns(host)
    const failing = run.start(params)
    await settled()
    await runs.end('r1', 'cards', { error: 'a worker died twice' })
    expect(await failing).toEqual({ result: undefined, error: 'a worker died twice' })
  })
})
