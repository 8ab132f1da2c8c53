import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, vi } from 'vitest'
import { FakeBridge } from './fake-bridge'
import { FakeWorker } from './fake-worker'

/**
 * Set-up of the renderer's store tests (vitest.config.ts, project 'renderer'): the fake host is
 * the bridge renderer/src/api.ts finds on `window` (as the Electron preload's), Web Workers are
 * fakes the tests answer, and every test starts with fresh stores and a fresh host.
 */
export const host = new FakeBridge()
Object.assign(globalThis, { workbench: host })
vi.stubGlobal('Worker', FakeWorker)

beforeEach(() => {
  host.reset()
  FakeWorker.made.length = 0
  setActivePinia(createPinia())
})

/** Lets every promise the last step resolved run on (one macrotask). */
export const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
