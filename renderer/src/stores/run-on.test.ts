import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import tangramSet from '../../../resources/sets/tangram.json'
import type { Settings } from '../../../shared/api/contract'
import { documentFromJson } from '../../../shared/document/document'
import { host } from '../../../testing/renderer-setup'
import { useApp } from './app'
import { useRunOn } from './run-on'
import { useSolver } from './solver'

const tangram = () => documentFromJson(tangramSet, 'tangram.json')

/**
 * A host whose settings writes answer late (as a write to disk does) and which logs when each
 * call is answered; an address it refuses as the contract does.
 */
function slowHost(): string[] {
  const log: string[] = []
  let settings: Settings = { workers: 2, recent: [] }
  host.answer('settings.set', async (patch) => {
    await new Promise((r) => setTimeout(r, 20))
    settings = { ...settings, ...patch }
    log.push(`settings ${JSON.stringify(patch)}`)
    return settings
  })
  host.answer('run.start', () => {
    log.push('run.start')
    return { runId: 'run-1' }
  })
  host.answer('run.cancel', () => {
    log.push('run.cancel')
    return null
  })
  useApp().settings = settings
  return log
}

describe('where runs go', () => {
  it('a Solve starts only once the choice and the address typed have reached the host', async () => {
    const log = slowHost()
    const runOn = useRunOn()
    void runOn.choose('queue')
    runOn.url = ' redis://127.0.0.1:6398 '
    await useSolver().start(tangram(), 'convex')
    expect(log).toEqual([
      'settings {"runOn":"queue"}',
      'settings {"queueUrl":"redis://127.0.0.1:6398"}',
      'run.start',
    ])
    // Sent once: the field's own commit (Enter, leaving it) after that sends nothing.
    await runOn.commit()
    expect(log).toHaveLength(3)
  })

  it('an address the host refuses stops the Solve, leaves the running job alone and says why', async () => {
    const log = slowHost()
    const runOn = useRunOn()
    await runOn.choose('queue')
    const solver = useSolver()
    await solver.start(tangram(), 'convex')
    runOn.url = 'http://127.0.0.1:6398'
    const refused = 'the queue address: not a redis://[:password@]HOST:PORT address'
    await expect(solver.start(tangram(), 'convex')).rejects.toThrow(refused)
    expect(log).toEqual(['settings {"runOn":"queue"}', 'run.start'])
    expect(solver.job?.jobId).toBe('run-1')
    // The address stays to be corrected, its problem beside it until it is edited.
    expect(runOn.problem).toBe(refused)
    expect(runOn.url).toBe('http://127.0.0.1:6398')
    runOn.url = 'redis://127.0.0.1:6398'
    await nextTick()
    expect(runOn.problem).toBeUndefined()
  })
})
