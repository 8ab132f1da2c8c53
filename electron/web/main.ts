/**
 * `npm run web`: the workbench in an ordinary browser, for machines without the Electron binary.
 * Serves the built renderer on 127.0.0.1 and runs the same services the app's main process does.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { Command, InvalidArgumentError } from 'commander'
import { removeLeftovers } from '../services/atomic-write'
import { DocumentService } from '../services/documents'
import { AppWorkers } from '../services/farm/app-workers'
import { FileBrowser } from '../services/files'
import { nodeWorkerLauncher } from '../services/node-worker'
import { projectRoot } from '../services/project-root'
import { queueUrlOf } from '../../shared/queue-url'
import { SettingsService } from '../services/settings'
import { SolverService } from '../services/solver-service'
import { defaultDataDir, simulatorCommand } from '../services/plotter/announced'
import { PlotterService } from '../services/plotter/plotter-service'
import { createWorkbench, plotStateEvent, type Workbench } from '../services/workbench'
import { startBrowserHost } from './server'

const repo = projectRoot(import.meta.url)

const program = new Command('npm run web --')
  .description('Puzzle Workbench in your browser, served on 127.0.0.1')
  .option('--port <n>', 'port to listen on (default: a free one)', (v) => {
    const n = Number(v)
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('not a port')
    return n
  })
  .option('--dir <folder>', 'folder the file dialog shows (default: the current directory)')
  .option('--data <dir>', 'where settings and autosaves live')
  .option(
    '--device <path...>',
    'a device the app may plot on, beyond the serial and printer ports it lists',
  )
  .option('--no-open', 'do not open a browser')
  .parse()
const opts = program.opts<{
  port?: number
  dir?: string
  data?: string
  device?: string[]
  open: boolean
}>()

const staticDir = join(repo, 'out', 'renderer')
if (!existsSync(join(staticDir, 'index.html'))) {
  process.stderr.write('the renderer is not built; run npm run web (it builds first)\n')
  process.exit(1)
}

const dataDir = resolve(opts.data ?? defaultDataDir())
const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  version: string
}

const documents = new DocumentService({ autosaveDir: join(dataDir, 'autosave') })
const settings = new SettingsService({
  file: join(dataDir, 'settings.json'),
  defaults: { workers: availableParallelism(), recent: [] },
})
// The worker processes of every job (solving, estimates, queens, the set explorer), kept warm
// between jobs, or the queue the settings name.
const workers = new AppWorkers(
  nodeWorkerLauncher(),
  async () => (await settings.get()).workers,
  async () => queueUrlOf(await settings.get()),
)
const solver = new SolverService({ workers })
// The plotter emits through the workbench, which does not exist yet when it is built.
const plotter = new PlotterService((e) => workbench.emit(plotStateEvent(e)), dataDir)
const files = new FileBrowser(resolve(opts.dir ?? process.cwd()))
const insideRoot = (recent: string): string[] => {
  try {
    return [dirname(files.resolve(recent))]
  } catch {
    return []
  }
}
// Temporary files of saves killed half-way: the data folder, the documents folder and the
// folders of the recent files inside it (a page could put any path on the recent list).
void settings
  .get()
  .then((s) => removeLeftovers(dataDir, [files.root, ...s.recent.flatMap(insideRoot)]))
  .catch(() => {})
const workbench: Workbench = createWorkbench(
  {
    host: 'browser',
    version,
    resourcesDir: join(repo, 'resources'),
    files,
    paths: files,
    devices: () => opts.device ?? [],
    plotterHelp: {
      simulator: simulatorCommand(dataDir),
      addDevice: 'npm run web -- --device PATH',
    },
  },
  { documents, settings, solver, plotter, workers, dataDir },
)

const host = await startBrowserHost({ workbench, staticDir, port: opts.port })
process.stdout.write(`Puzzle Workbench is at ${host.url}\n`)

if (opts.open) {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [host.url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', host.url]]
        : ['xdg-open', [host.url]]
  // Best effort: the address is printed above for when no browser opens.
  const child = spawn(command, args, { detached: true, stdio: 'ignore' })
  child.on('error', () => {})
  child.unref()
}

let stopping = false
const stop = () => {
  if (stopping) process.exit(130)
  stopping = true
  workbench.close()
  workers.close()
  void host.close().finally(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
