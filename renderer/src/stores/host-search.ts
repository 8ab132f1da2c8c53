import { ref } from 'vue'
import type { WorkbenchEvent } from '../../../shared/api/contract'
import { api } from '../api'

export type SearchState = 'idle' | 'running' | 'done' | 'cancelled' | 'failed'

/**
 * A search the host runs under an id with events of its own (the puzzles', the comparison's):
 * the newest one only. Starting one stops the last; events of a stopped one are dropped; events
 * that come before the new one's id (a short search may end first) wait for it. `idOf` names the
 * search an event belongs to (undefined: not this kind); `onEvent` hears the current one's.
 */
export function useHostSearch(options: {
  idOf: (e: WorkbenchEvent) => string | undefined
  cancel: (id: string) => Promise<unknown>
  onEvent: (e: WorkbenchEvent) => void
}) {
  const id = ref<string | undefined>()
  const state = ref<SearchState>('idle')
  const error = ref<string | undefined>()
  let early: WorkbenchEvent[] = []
  /** The start call in flight: a stop before its id is known waits for it, then stops it. */
  let starting: Promise<string> | undefined

  /** Stops the last search, then `reset`s what it showed and starts the next with `call`. */
  async function start(reset: () => void, call: () => Promise<string>): Promise<void> {
    await stop()
    id.value = undefined
    error.value = undefined
    reset()
    state.value = 'running'
    try {
      starting = call()
      id.value = await starting
      for (const e of early) handle(e)
    } catch (e) {
      state.value = 'failed'
      error.value = (e as Error).message
    } finally {
      early = []
    }
  }

  async function stop(): Promise<void> {
    if (state.value !== 'running') return
    // Stop pressed while the host has not yet answered the start: without waiting for the id,
    // nothing was stopped and the search ran on (CI, loaded).
    const current = id.value ?? (await starting?.catch(() => undefined))
    if (current) await options.cancel(current)
  }

  function handle(e: WorkbenchEvent): void {
    const of = options.idOf(e)
    if (of === undefined) return
    if (state.value === 'running' && id.value === undefined) early.push(e)
    else if (of === id.value) options.onEvent(e)
  }
  api.onEvent(handle)

  return { id, state, error, start, stop }
}
