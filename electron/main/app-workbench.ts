import { availableParallelism } from 'node:os'
import { basename, dirname, extname, join } from 'node:path'
import type {
  IpcMainInvokeEvent,
  OpenDialogOptions,
  OpenDialogReturnValue,
  SaveDialogOptions,
  SaveDialogReturnValue,
} from 'electron'
import type { Method, Reply } from '../../shared/api/contract'
import { queueUrlOf } from '../../shared/queue-url'
import { removeLeftovers } from '../services/atomic-write'
import { DocumentService } from '../services/documents'
import { AppWorkers } from '../services/farm/app-workers'
import type { LaunchWorker } from '../services/farm/processes'
import { PathGrants } from '../services/path-grants'
import { simulatorCommand } from '../services/plotter/announced'
import { PlotterService } from '../services/plotter/plotter-service'
import { SettingsService } from '../services/settings'
import { SolverService } from '../services/solver-service'
import { createWorkbench, plotStateEvent, type Workbench } from '../services/workbench'
import { trustedSender } from './origin'

/** What the save dialog calls the files it writes, by extension. */
const FILE_KINDS: Record<string, string> = {
  json: 'Piece sets and solutions',
  pdf: 'PDF solution sheets',
  svg: 'SVG drawings',
  hpgl: 'HPGL plotter files',
  txt: 'Line-printer text',
}

/**
 * The pieces of Electron the main process's services use, passed in (and nothing of Electron
 * imported here but types), so that the tests run these very handlers under Node with a fake
 * `ipcMain` and fake dialogs.
 */
export interface MainParts {
  /** The user data folder: settings, path grants, autosaves, checkpoints. */
  readonly dataDir: string
  readonly resourcesDir: string
  readonly version: string
  readonly ipcMain: {
    handle(
      channel: string,
      listener: (event: IpcMainInvokeEvent, message: unknown) => Promise<unknown>,
    ): void
  }
  /** Electron's dialogs, on the app's window. */
  readonly dialog: {
    showOpenDialog(options: OpenDialogOptions): Promise<OpenDialogReturnValue>
    showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>
  }
  readonly launchWorker: LaunchWorker
  /** Devices beyond the listed ports, as `npm run web -- --device` names them to the browser host. */
  readonly devices: () => readonly string[]
  /** After a call that may have changed the recent files (the menu shows them). */
  readonly recentChanged: () => void
}

/**
 * The main process's services and its IPC door to them: every call from the renderer comes in
 * on `workbench:call`, from the app's own page only, and goes through `createWorkbench`.
 */
export function startAppWorkbench(parts: MainParts): {
  workbench: Workbench
  settings: SettingsService
  close: () => void
} {
  const data = parts.dataDir
  const settings = new SettingsService({
    file: join(data, 'settings.json'),
    defaults: { workers: availableParallelism(), recent: [] },
  })
  const documents = new DocumentService({ autosaveDir: join(data, 'autosave') })
  // The worker processes of every job (solving, estimates, queens, the set explorer), kept warm between jobs.
  const workers = new AppWorkers(
    parts.launchWorker,
    async () => (await settings.get()).workers,
    async () => queueUrlOf(await settings.get()),
  )
  const solver = new SolverService({ workers })
  const plotter = new PlotterService((e) => workbench.emit(plotStateEvent(e)), data)
  // The renderer may use the paths the user chose in these dialogs, in this session or an earlier
  // one, no others: not the recent files of the settings, which the renderer could once write.
  const grants = new PathGrants(join(data, 'grants.json'))
  // Temporary files of saves killed half-way: the data folder and the folders of the files the
  // user chose (never the settings' recent list, which a renderer could fill with any folder).
  void grants
    .granted()
    .then((paths) => removeLeftovers(data, new Set(paths.map((f) => dirname(f)))))
    .catch(() => {})
  const chosen = (path: string | undefined) => (path === undefined ? undefined : grants.grant(path))
  const workbench = createWorkbench(
    {
      host: 'electron',
      paths: grants,
      devices: parts.devices,
      plotterHelp: {
        simulator: simulatorCommand(data),
        addDevice: 'PUZZLE_WORKBENCH_DEVICES=PATH npm start',
      },
      version: parts.version,
      resourcesDir: parts.resourcesDir,
      dialogs: {
        open: async (extensions = ['.json']) => {
          const exts = extensions.map((e) => e.slice(1))
          const r = await parts.dialog.showOpenDialog({
            filters: [
              {
                name: exts.length === 1 ? (FILE_KINDS[exts[0]] ?? exts[0]) : 'Puzzles',
                extensions: exts,
              },
            ],
            properties: ['openFile'],
          })
          return chosen(r.canceled ? undefined : r.filePaths[0])
        },
        save: async (suggestedName) => {
          const ext = extname(suggestedName).slice(1) || 'json'
          const r = await parts.dialog.showSaveDialog({
            // A name only: the renderer must not open the dialog on a folder of its choosing,
            // where a quick Enter would replace the file it named.
            defaultPath: basename(suggestedName),
            filters: [{ name: FILE_KINDS[ext] ?? ext.toUpperCase(), extensions: [ext] }],
          })
          return chosen(r.canceled ? undefined : r.filePath)
        },
      },
    },
    { documents, settings, solver, plotter, workers, dataDir: data },
  )

  parts.ipcMain.handle('workbench:call', async (event, message): Promise<Reply<Method>> => {
    if (!trustedSender(event.senderFrame?.url))
      return { ok: false, error: 'refused: not the workbench' }
    const { method, params } = (message ?? {}) as { method?: unknown; params?: unknown }
    const reply = await workbench.call(method, params)
    if (method === 'document.open' || method === 'document.save') parts.recentChanged()
    return reply
  })

  const close = () => {
    workbench.close()
    workers.close()
  }
  return { workbench, settings, close }
}
