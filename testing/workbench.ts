import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DocumentService } from '../electron/services/documents'
import { AppWorkers } from '../electron/services/farm/app-workers'
import { FileBrowser } from '../electron/services/files'
import { nodeWorkerLauncher } from '../electron/services/node-worker'
import { PlotterService } from '../electron/services/plotter/plotter-service'
import { QueensService } from '../electron/services/queens/queens-service'
import { SettingsService } from '../electron/services/settings'
import { SolverService } from '../electron/services/solver-service'
import { createWorkbench, plotStateEvent, type Workbench } from '../electron/services/workbench'

/**
 * The dispatcher both transports call, over the real services, as the browser host builds it,
 * with fresh data and files folders: for the tests of the API. `close` it when done.
 */
export function testWorkbench(opts: {
  devices?: () => readonly string[]
  queensWorkers?: number
}): {
  workbench: Workbench
  solver: SolverService
  data: string
  files: string
  close: () => void
} {
  const data = mkdtempSync(join(tmpdir(), 'pw-wb-data-'))
  const files = mkdtempSync(join(tmpdir(), 'pw-wb-files-'))
  const workers = new AppWorkers(nodeWorkerLauncher(), async () => 1)
  const queensWorkers = new AppWorkers(nodeWorkerLauncher(), async () => opts.queensWorkers ?? 1)
  const solver = new SolverService({
    workers,
    emit: (e) => workbench.emit(e),
    checkpointDir: join(data, 'tilings'),
  })
  const queens = new QueensService({
    workers: queensWorkers,
    emit: (e) => workbench.emit(e),
    checkpointDir: join(data, 'queens'),
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
      queens,
    },
  )
  const close = () => {
    solver.close()
    queens.close()
    workers.close()
    queensWorkers.close()
  }
  return { workbench, solver, data, files, close }
}
