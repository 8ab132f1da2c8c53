import { availableParallelism } from 'node:os'
import { delimiter, dirname, extname, join, normalize, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { app, BrowserWindow, dialog, ipcMain, net, protocol } from 'electron'
import type { MenuCommand } from '../../shared/api/contract'
import { removeLeftovers } from '../services/atomic-write'
import { AppWorkers } from '../services/farm/app-workers'
import { PathGrants } from '../services/path-grants'
import { DocumentService } from '../services/documents'
import { queueUrlOf } from '../../shared/queue-url'
import { SettingsService } from '../services/settings'
import { EstimateService } from '../services/estimate-service'
import { SolverService } from '../services/solver-service'
import { QueensService } from '../services/queens/queens-service'
import { PlotterService } from '../services/plotter/plotter-service'
import { createWorkbench, plotStateEvent } from '../services/workbench'
import { buildMenu } from './menu'
import { APP_ORIGIN, secureSessions, trustedSender } from './security'
import { utilityWorkerLauncher } from './utility-worker'

/**
 * The main process: windows, menus, dialogs and the IPC door to the services. Thin on purpose:
 * everything it does not have to do itself is a Node service, shared with the browser host.
 */
const here = fileURLToPath(new URL('.', import.meta.url))
const rendererDir = join(here, '../renderer')
/** What the save dialog calls the files it writes, by extension. */
const FILE_KINDS: Record<string, string> = {
  json: 'Piece sets and solutions',
  pdf: 'PDF solution sheets',
  svg: 'SVG drawings',
  hpgl: 'HPGL plotter files',
  txt: 'Line-printer text',
}

const resourcesDir = app.isPackaged ? process.resourcesPath : join(here, '../../resources')

// A separate profile (settings, recent files, autosaves) where asked: portable use and the e2e tests.
if (process.env.PUZZLE_WORKBENCH_DATA) app.setPath('userData', process.env.PUZZLE_WORKBENCH_DATA)

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

let window: BrowserWindow | undefined

async function main(): Promise<void> {
  await app.whenReady()
  secureSessions()
  // App content comes from the packaged renderer folder only, never from the file system at large.
  protocol.handle('app', (request) => {
    const path = normalize(join(rendererDir, decodeURIComponent(new URL(request.url).pathname)))
    if (!path.startsWith(rendererDir + sep)) return new Response('not found', { status: 404 })
    return net.fetch(pathToFileURL(path).toString())
  })

  const data = app.getPath('userData')
  const settings = new SettingsService({
    file: join(data, 'settings.json'),
    defaults: { workers: availableParallelism(), recent: [] },
  })
  const documents = new DocumentService({ autosaveDir: join(data, 'autosave') })
  // Temporary files of saves killed half-way: the data folder and the recent files' folders.
  void settings
    .get()
    .then((s) =>
      removeLeftovers(
        data,
        s.recent.map((f) => dirname(f)),
      ),
    )
    .catch(() => {})
  // The worker processes of every job (solving, estimates, queens, the set explorer), kept warm between jobs.
  // Packaged, the worker lies outside the archive (electron-builder.yml, asarUnpack).
  const workers = new AppWorkers(
    utilityWorkerLauncher(
      join(here, 'farm-worker.js').replace(`app.asar${sep}`, `app.asar.unpacked${sep}`),
      'Puzzle Workbench worker',
    ),
    async () => (await settings.get()).workers,
    async () => queueUrlOf(await settings.get()),
  )
  const solver = new SolverService({
    workers,
    emit: (e) => workbench.emit(e),
    checkpointDir: join(data, 'tilings'),
  })
  const estimates = new EstimateService({ workers, emit: (e) => workbench.emit(e) })
  const plotter = new PlotterService((e) => workbench.emit(plotStateEvent(e)))
  const queens = new QueensService({
    workers,
    emit: (e) => workbench.emit(e),
    checkpointDir: join(data, 'queens'),
  })
  // The renderer may use the paths the user chose in these dialogs (and the recent files), no others.
  const grants = new PathGrants(async () => (await settings.get()).recent)
  const chosen = (path: string | undefined) => (path === undefined ? undefined : grants.grant(path))
  const workbench = createWorkbench(
    {
      host: 'electron',
      paths: grants,
      // Devices beyond the listed ports, as `npm run web -- --device` names them to the browser host.
      devices: () => (process.env.PUZZLE_WORKBENCH_DEVICES ?? '').split(delimiter).filter(Boolean),
      version: app.getVersion(),
      resourcesDir,
      dialogs: {
        open: async (extensions = ['.json']) => {
          const exts = extensions.map((e) => e.slice(1))
          const r = await dialog.showOpenDialog(window!, {
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
          const r = await dialog.showSaveDialog(window!, {
            defaultPath: suggestedName,
            filters: [{ name: FILE_KINDS[ext] ?? ext.toUpperCase(), extensions: [ext] }],
          })
          return chosen(r.canceled ? undefined : r.filePath)
        },
      },
    },
    { documents, settings, solver, estimates, plotter, queens, workers },
  )

  ipcMain.handle(
    'workbench:call',
    async (event, message: { method?: unknown; params?: unknown }) => {
      if (!trustedSender(event.senderFrame?.url))
        return { ok: false, error: 'refused: not the workbench' }
      const reply = await workbench.call(message?.method, message?.params)
      // The recent files feed the menu.
      if (message?.method === 'document.open' || message?.method === 'document.save') refreshMenu()
      return reply
    },
  )
  workbench.onEvent((e) => window?.webContents.send('workbench:event', e))

  const send = (command: MenuCommand, path?: string) =>
    workbench.emit({ type: 'menu', command, path })
  const refreshMenu = () => void settings.get().then((s) => buildMenu(s.recent, send))
  refreshMenu()

  window = new BrowserWindow({
    width: 1360,
    height: 880,
    title: 'Puzzle Workbench',
    show: false,
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  })
  window.once('ready-to-show', () => window?.show())
  await window.loadURL(`${APP_ORIGIN}/index.html`)

  app.on('window-all-closed', () => {
    solver.close()
    estimates.close()
    queens.close()
    workers.close()
    app.quit()
  })
}

void main()
