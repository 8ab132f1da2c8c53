import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DocumentService } from '../electron/services/documents'
import { AppWorkers } from '../electron/services/farm/app-workers'
import { FileBrowser } from '../electron/services/files'
import { nodeWorkerLauncher } from '../electron/services/node-worker'
import { PlotterService } from '../electron/services/plotter/plotter-service'
import { queueUrlOf } from '../shared/queue-url'
import { SettingsService } from '../electron/services/settings'
import { SolverService } from '../electron/services/solver-service'
import type { WorkbenchEvent } from '../shared/api/contract'
import { createWorkbench, plotStateEvent, type Workbench } from '../electron/services/workbench'

/**
 * The dispatcher both transports call, over the real services, as the browser host builds it,
 * with fresh data and files folders: for the tests of the API. `close` it when done.
 */
export function testWorkbench(opts: {
  devices?: () => readonly string[]
  /** Worker processes of the runs (default 1). */
  workers?: number
}): {
  workbench: Workbench
  solver: SolverService
  data: string
  files: string
  close: () => void
} {
  const data = mkdtempSync(join(tmpdir(), 'pw-wb-data-'))
  const files = mkdtempSync(join(tmpdir(), 'pw-wb-files-'))
  const settings = new SettingsService({
    file: join(data, 'settings.json'),
    defaults: { workers: 1, recent: [] },
  })
  // Runs go where the settings say, as in the app: this machine, or the queue chosen.
  const queue = async () => queueUrlOf(await settings.get())
  const workers = new AppWorkers(nodeWorkerLauncher(), async () => opts.workers ?? 1, queue)
  const solver = new SolverService({ workers })
  const browser = new FileBrowser(files)
  const workbench = createWorkbench(
    {
      host: 'browser',
      version: '0.0.0-test',
      resourcesDir: 'resources',
      files: browser,
      paths: browser,
      devices: opts.devices,
    },
    {
      documents: new DocumentService({ autosaveDir: join(data, 'autosave') }),
      settings,
      solver,
      plotter: new PlotterService((e) => workbench.emit(plotStateEvent(e)), data),
      workers,
      dataDir: data,
    },
  )
  const close = () => {
    workbench.close()
    workers.close()
  }
  return { workbench, solver, data, files, close }
}

/**
 * The API as the tests call it: `ok` gives a call's value (a failed call throws its error),
 * `refused` the error of a call that must fail; `events` keeps every event, and `when` waits
 * (polling, a minute at most) for the first event that `match` picks.
 */
export function apiCalls(workbench: Workbench) {
  const events: WorkbenchEvent[] = []
  workbench.onEvent((e) => events.push(e))
  return {
    events,
    async ok<T>(method: string, params?: unknown): Promise<T> {
      const reply = await workbench.call(method, params)
      if (!reply.ok) throw new Error(`${method} failed: ${reply.error}`)
      return reply.value as T
    },
    async refused(method: string, params?: unknown): Promise<string> {
      const reply = await workbench.call(method, params)
      if (reply.ok) throw new Error(`${method} was answered, not refused`)
      return reply.error
    },
    async when<E extends WorkbenchEvent>(match: (e: WorkbenchEvent) => e is E): Promise<E> {
      for (let i = 0; i < 6000; i++) {
        const found = events.find(match)
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      throw new Error('the event did not come within a minute')
    },
  }
}
