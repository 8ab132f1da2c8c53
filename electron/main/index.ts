import { delimiter, join, normalize, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { app, BrowserWindow, dialog, ipcMain, net, protocol } from 'electron'
import type { MenuCommand } from '../../shared/api/contract'
import { startAppWorkbench } from './app-workbench'
import { buildMenu } from './menu'
import { APP_ORIGIN } from './origin'
import { secureSessions } from './security'
import { utilityWorkerLauncher } from './utility-worker'

/**
 * The main process: windows, menus, dialogs and the IPC door to the services. Thin on purpose:
 * everything it does not have to do itself is a Node service, shared with the browser host.
 */
const here = fileURLToPath(new URL('.', import.meta.url))
const rendererDir = join(here, '../renderer')

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

  const { workbench, settings, close } = startAppWorkbench({
    dataDir: app.getPath('userData'),
    resourcesDir,
    version: app.getVersion(),
    ipcMain,
    dialog: {
      showOpenDialog: (options) => dialog.showOpenDialog(window!, options),
      showSaveDialog: (options) => dialog.showSaveDialog(window!, options),
    },
    // Packaged, the worker lies outside the archive (electron-builder.yml, asarUnpack).
    launchWorker: utilityWorkerLauncher(
      join(here, 'farm-worker.js').replace(`app.asar${sep}`, `app.asar.unpacked${sep}`),
      'Puzzle Workbench worker',
    ),
    devices: () => (process.env.PUZZLE_WORKBENCH_DEVICES ?? '').split(delimiter).filter(Boolean),
    recentChanged: () => refreshMenu(),
  })
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
    close()
    app.quit()
  })
}

void main()
