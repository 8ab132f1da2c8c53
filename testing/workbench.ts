import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DocumentService } from '../electron/services/documents'
import { FileBrowser } from '../electron/services/files'
import { nodeWorkerLauncher } from '../electron/services/node-worker'
import { PlotterService } from '../electron/services/plotter/plotter-service'
import { QueensService } from '../electron/services/queens/queens-service'
import { SettingsService } from '../electron/services/settings'
import { SolverService } from '../electron/services/solver-service'
import { createWorkbench, plotStateEvent, type Workbench } from '../electron/services/workbench'
import type { FromQueensWorker, ToQueensWorker } from '../electron/worker/protocol'

/**
 * The dispatcher both transports call, over the real services, as the browser host builds it,
 * with fresh data and files folders: for the tests of the API. Close `solver` when done.
 */
export function testWorkbench(opts: {
  devices?: () => readonly string[]
  queensWorkers?: number
}): {
  workbench: Workbench
  solver: SolverService
  data: string
  files: string
} {
  const data = mkdtempSync(join(tmpdir(), 'pw-wb-data-'))
  const files = mkdtempSync(join(tmpdir(), 'pw-wb-files-'))
  const solver = new SolverService({
    launch: nodeWorkerLauncher('solver-worker'),
    workers: async () => 1,
    emit: (e) => workbench.emit(e),
  })
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
      settings: new SettingsService({
        file: join(data, 'settings.json'),
        defaults: { workers: 1, recent: [] },
      }),
      solver,
      plotter: new PlotterService((e) => workbench.emit(plotStateEvent(e))),
      queens: new QueensService({
        launch: nodeWorkerLauncher<ToQueensWorker, FromQueensWorker>('queens-worker'),
        workers: async () => opts.queensWorkers ?? 1,
        emit: (e) => workbench.emit(e),
        checkpointDir: join(data, 'queens'),
      }),
    },
  )
  return { workbench, solver, data, files }
}
