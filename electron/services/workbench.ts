import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import {
  checkParams,
  isMethod,
  type Method,
  type Parsed,
  type Reply,
  type Results,
  type Settings,
  type WorkbenchEvent,
} from '../../shared/api/contract'
import { exportSheet, type ExportSettings } from '../../shared/drawing/export-settings'
import { keptJobView, solvedJob } from '../../shared/api/job-view'
import { InputError } from '../../shared/errors'
import { ebbProgram, pageEbb } from '../../shared/ebb/write'
import { pageGcode } from '../../shared/gcode/write'
import { pageHpgl } from '../../shared/hpgl/write'
import { deviceById } from '../../shared/plotter/profile'
import { listDevices } from './plotter/device-profiles'
import { programTime } from './plotter/program-time'
import { renderSheet, writeExport, writeRendered } from './export/exporter'
import { pentagonSheet } from '../../shared/pentagons/sheet'
import { exactFiguresOf } from '../../shared/api/exact-view'
import { exactSheet } from '../../shared/offlattice/sheet'
import { pentagonFromText } from '../../shared/pentagons/wire'
import { importSvgExactFigure, readExactFigure, writeExactFigure } from './exact-figures'
import { runKinds } from './run/kinds'
import { RunService } from './run/run-service'
import type { AppWorkers } from './farm/app-workers'
import { writeBooklet } from './export/booklet'
import { bookletFigure } from '../../shared/silhouettes/booklet'
import { solutionsToJson } from '../../shared/formats/solutions'
import { PUBLISHED } from '../../shared/papers/registry'
import type { DocumentService } from './documents'
import type { FileBrowser } from './files'
import type { PathPolicy } from './path-grants'
import { printerDevices } from './plotter/ports'
import { checkPlotTarget } from './plotter/targets'
import { bundledFigures, bundledSets } from './library'
import { puzzleSheet, writePuzzleSheet } from './export/puzzle-sheet'
import { bundledPuzzles, readPuzzle, writePuzzle } from './puzzles'
import { hidePassword, keepPassword } from '../../shared/queue-url'
import type { SettingsService } from './settings'
import type { PlotterEvent, PlotterService } from './plotter/plotter-service'
import type { SolverService } from './solver-service'

/**
 * The workbench behind the API: one dispatcher that checks every call's parameters against the
 * contract and hands it to a service. Both transports (Electron IPC, the browser host's
 * WebSocket) call `call`, and forward `onEvent` to the renderer.
 */
export interface WorkbenchHost {
  readonly host: 'electron' | 'browser'
  readonly version: string
  readonly resourcesDir: string
  /** Native dialogs (Electron). */
  readonly dialogs?: {
    open(extensions?: readonly string[]): Promise<string | undefined>
    save(suggestedName: string): Promise<string | undefined>
  }
  /** The folder the browser host offers in its own file dialog. */
  readonly files?: FileBrowser
  /** Where the client's paths may lead: inside the browser host's folder, or chosen in a dialog. */
  readonly paths: PathPolicy
  /** Devices the user named to the host for plotting, beyond the ports this computer lists. */
  readonly devices?: () => readonly string[]
  /** How to add a plotter to the list, in this host's words: a simulated one, another device. */
  readonly plotterHelp?: { readonly simulator: string; readonly addDevice: string }
}

export interface Services {
  readonly documents: DocumentService
  readonly settings: SettingsService
  readonly solver: SolverService
  readonly plotter: PlotterService
  /** The user data folder: the runs that resume keep their checkpoints there. */
  readonly dataDir: string
  /** The app's worker processes, for the services built here that run on them (the explorer). */
  readonly workers: AppWorkers
}

export interface Workbench {
  call(method: unknown, params: unknown): Promise<Reply<Method>>
  onEvent(listener: (e: WorkbenchEvent) => void): () => void
  emit(e: WorkbenchEvent): void
  /** Stops every run (their workers with them), as the host quits. */
  close(): void
}

/** The plotter service's updates as the renderer's events: "sent" counts what the plotter took. */
/** Settings as the renderer sees them: a queue's password hidden. */
const shown = (s: Settings): Settings =>
  s.queueUrl === undefined ? s : { ...s, queueUrl: hidePassword(s.queueUrl) }

export function plotStateEvent(e: PlotterEvent): WorkbenchEvent {
  return {
    type: 'plot.state',
    plotId: e.plotId,
    state: e.state,
    sent: e.confirmed,
    total: e.total,
    message: e.message || undefined,
    ...(e.goOn && { canGoOn: true as const }),
  }
}

type Handlers = { [M in Method]: (params: Parsed<M>) => Promise<Results[M]> | Results[M] }

export function createWorkbench(
  host: WorkbenchHost,
  services: Services,
  listeners = new Set<(e: WorkbenchEvent) => void>(),
): Workbench {
  const { documents, settings, solver, plotter } = services
  const emit = (e: WorkbenchEvent) => {
    for (const l of listeners) l(e)
  }
  const runs = new RunService(services.workers, emit, runKinds(services.dataDir))
  const fonts = join(host.resourcesDir, 'fonts')
  /** What a solve that listed its tilings found, as kept (the last few runs'), for export. */
  const solved = (runId: string) => {
    const kept = runs.resultsOf(runId, 'solve')
    if (!kept.plan || kept.items.length === 0)
      throw new InputError('that solve did not list its tilings: solve again to export them')
    return solvedJob(keptJobView(runId, kept))
  }
  /** Pentagons a finished run found, by number (from 1), as a sheet to export or plot. */
  const pentagonsSheet = (
    chosen: { runId: string; numbers: number[] },
    settings: ExportSettings,
  ) => {
    const { set, pentagons } = runs.resultsOf(chosen.runId, 'pentagons').result
    const numbers = [...new Set(chosen.numbers)].sort((a, b) => a - b)
    const missing = numbers.find((n) => n > pentagons.length)
    if (missing !== undefined)
      throw new InputError(`there is no pentagon ${missing}: the set makes ${pentagons.length}`)
    return {
      sheet: pentagonSheet(
        set,
        numbers.map((n) => pentagonFromText(pentagons[n - 1])),
        settings,
      ),
      title: `${set.name} — pentagons`,
    }
  }
  /** The tilings a finished run of figures off the lattice listed, as a sheet to export or plot. */
  const exactTilingsSheet = (chosen: { runId: string }, settings: ExportSettings) => {
    const kept = runs.resultsOf(chosen.runId, 'exact')
    // Every run of this kind has a plan.
    const { set, mode } = kept.plan!
    const sheet = exactSheet(set, exactFiguresOf(kept.plan!, kept.items), mode, settings)
    return { sheet, title: `${set.name} — tilings` }
  }
  /** The sheet of tilings or pentagons a run found: the export's and the plot's other sources. */
  const runSheet = (
    p: { pentagons?: { runId: string; numbers: number[] }; exact?: { runId: string } },
    settings: ExportSettings,
  ) => (p.pentagons ? pentagonsSheet(p.pentagons, settings) : exactTilingsSheet(p.exact!, settings))
  /**
   * One page of the sheet as the device's program (HP-GL or G-code), paged on the paper whatever
   * the export format, with the device from the profiles (the user's `devices.json` too).
   */
  const plotPage = (p: {
    jobId?: string
    pentagons?: { runId: string; numbers: number[] }
    exact?: { runId: string }
    settings: ExportSettings
    page: number
  }) => {
    const { devices } = listDevices(services.dataDir)
    const found = devices.find((d) => d.id === p.settings.plotter.device)
    const device = deviceById(devices, p.settings.plotter.device, found?.protocol ?? 'hpgl')
    const settings: ExportSettings = { ...p.settings, format: 'hpgl' }
    const sheet =
      p.jobId === undefined ? runSheet(p, settings).sheet : exportSheet(solved(p.jobId), settings)
    const page = sheet.pages[p.page]
    if (!page) throw new InputError(`the sheet has ${sheet.pages.length} pages, not ${p.page + 1}`)
    const opts = { ...p.settings.plotter }
    if (device.protocol === 'ebb') {
      // The SM program: it runs on any firmware, and LM's takes the same time.
      const { paths } = pageEbb(page, { ...opts, device })
      const sm = ebbProgram(paths, device, false)
      return { device, text: sm.steps.map((s) => s.text).join('\n'), ebb: { paths, sm } }
    }
    return device.protocol === 'gcode'
      ? { device, text: pageGcode(page, { ...opts, device }).gcode }
      : { device, text: pageHpgl(page, { ...opts, device }).hpgl }
  }

  // The start screen lists the bundled sets first thing: scan them now, while the window loads.
  void bundledSets(host.resourcesDir).catch(() => {})
  const handlers: Handlers = {
    'app.info': () => ({
      host: host.host,
      version: host.version,
      nativeDialogs: host.dialogs !== undefined,
      folder: host.files?.root,
      cores: availableParallelism(),
    }),
    'library.list': () => bundledSets(host.resourcesDir),
    'library.figures': () => bundledFigures(host.resourcesDir),
    // Bundled sets open by id, from the app's own resources, whatever folder the host serves.
    'library.open': async (p) => {
      const set = (await bundledSets(host.resourcesDir)).find((s) => s.id === p.id)
      if (!set) throw new InputError(`there is no bundled set "${p.id}"`)
      return { document: (await documents.open(set.path)).document }
    },
    'files.list': async (p) => {
      if (!host.files) throw new InputError('this host has native file dialogs')
      return host.files.list(p.dir, p.extensions)
    },
    'dialog.open': async (p) => ({
      path: await host.dialogs?.open(p.extensions),
    }),
    'dialog.save': async (p) => ({
      path: await host.dialogs?.save(p.suggestedName),
    }),
    'document.open': async (p) => {
      const opened = await documents.open(await host.paths.resolve(p.path))
      // The recent list is a convenience: failing to record it must not fail the open.
      await settings.addRecent(opened.path).catch(() => {})
      return opened
    },
    'document.save': async (p) => {
      const saved = await documents.save(await host.paths.resolve(p.path), p.document)
      await settings.addRecent(saved.path).catch(() => {})
      return saved
    },
    'autosave.write': async (p) => {
      await documents.autosaveWrite(p.id, p.name, p.contents, p.path)
      return null
    },
    'autosave.discard': async (p) => {
      await documents.autosaveDiscard(p.id)
      return null
    },
    'autosave.list': () => documents.autosaveList(),
    'autosave.read': (p) => documents.autosaveRead(p.id),
    'settings.get': async () => shown(await settings.get()),
    'settings.set': async (p) =>
      shown(
        await settings.set(
          p.queueUrl === undefined
            ? p
            : { ...p, queueUrl: keepPassword(p.queueUrl, (await settings.get()).queueUrl) },
        ),
      ),
    'solver.status': () => ({
      jobs: runs
        .list()
        .runs.flatMap(({ runId, running, events: [started] }) =>
          running && started.type === 'run.started' && started.kind === 'solve' && started.plan
            ? [{ jobId: runId, kind: started.plan.request.kind, state: 'running' as const }]
            : [],
        ),
      workerPids: services.workers.pool.pids(),
    }),
    'solver.trace': (p) => solver.trace(p),
    'papers.list': () =>
      PUBLISHED.map((e) => ({
        id: e.id,
        document: e.document,
        place: e.place,
        what: e.what,
        published: e.published,
        convention: e.convention,
        note: e.note,
        reconstruction: e.reconstruction,
        computable: e.compute !== undefined,
      })),
    'papers.reproduce': (p) => solver.reproduce(p.id),
    'export.sheet': async (p) => {
      const { devices } = listDevices(services.dataDir)
      if (p.jobId !== undefined) {
        const job = solved(p.jobId)
        return writeExport(job, await host.paths.resolve(p.path), p.settings, fonts, devices)
      }
      const { sheet, title } = runSheet(p, p.settings)
      const rendered = await renderSheet(sheet, p.settings, title, fonts, devices)
      return writeRendered(await host.paths.resolve(p.path), rendered)
    },
    'puzzle.bundled': async () => ({ puzzles: await bundledPuzzles(host.resourcesDir) }),
    'puzzle.open': async (p) => readPuzzle(await host.paths.resolve(p.path)),
    'puzzle.save': async (p) => writePuzzle(await host.paths.resolve(p.path), p.text),
    'puzzle.autosave': async (p) => {
      await documents.puzzleAutosaveWrite(p)
      return null
    },
    'puzzle.recover': async () => ({ state: await documents.puzzleAutosaveRead() }),
    'export.puzzle': async (p) => {
      const sheet = puzzleSheet(p.kind, p.text, p.title, p.solution)
      const target = await host.paths.resolve(p.path)
      return {
        files: await writePuzzleSheet(sheet, target, p.title, join(host.resourcesDir, 'fonts')),
      }
    },
    'plotter.ports': async () => ({
      ports: await plotter.ports(),
      devices: [
        ...printerDevices(),
        ...(host.devices?.() ?? []).map((path) => ({ path, label: path })),
      ],
      ...host.plotterHelp,
    }),
    'plotter.devices': () => listDevices(services.dataDir),
    'plotter.plan': (p) => {
      const { text, device } = plotPage(p)
      return programTime(text, device)
    },
    'plotter.start': async (p) => {
      const { text, device, ebb } = plotPage(p)
      const target = await checkPlotTarget(p.target, host.paths, [
        ...(host.devices?.() ?? []),
        ...plotter.simulators().map((s) => s.path),
      ])
      if (device.protocol === 'ebb') {
        const programs = { sm: ebb!.sm, lm: ebbProgram(ebb!.paths, device, true) }
        return { plotId: plotter.startEbb(programs, device, target) }
      }
      return {
        plotId:
          device.protocol === 'gcode'
            ? plotter.startGcode(text, device, target)
            : plotter.start(text, target),
      }
    },
    'export.booklet': async (p) => {
      const { result, items } = runs.resultsOf(p.runId, 'silhouettes')
      const counted = new Map(items.map((c) => [c.key, c]))
      const figures = result.found.map((key) => bookletFigure(counted.get(key)!))
      const target = await host.paths.resolve(p.path)
      const { files, pages } = await writeBooklet(target, result.set, figures, fonts)
      return { files, pages }
    },
    'exactFigure.open': async (p) => readExactFigure(await host.paths.resolve(p.path)),
    'exactFigure.save': async (p) => writeExactFigure(await host.paths.resolve(p.path), p.name, p),
    'exactFigure.importSvg': async (p) =>
      importSvgExactFigure(await host.paths.resolve(p.path), p.document),
    'plotter.pause': (p) => (plotter.pause(p.plotId), null),
    'plotter.resume': (p) => (plotter.resume(p.plotId), null),
    'plotter.cancel': (p) => (plotter.cancel(p.plotId), null),
    'run.start': (p) => runs.start(p),
    'run.cancel': (p) => (runs.cancel(p.runId), null),
    'run.results': (p) => runs.results(p.runId),
    'run.list': () => runs.list(),
    'export.solutions': async (p) => {
      const job = solved(p.jobId)
      const written = await documents.writeJson(
        await host.paths.resolve(p.path),
        solutionsToJson(job),
      )
      return { path: written.path, tilings: job.figures.reduce((n, f) => n + f.tilings.length, 0) }
    },
  }
  return {
    async call(method, params) {
      try {
        if (!isMethod(method)) throw new Error(`no such method: ${String(method)}`)
        const checked = checkParams(method, params)
        const handler = handlers[method] as (p: unknown) => Promise<unknown> | unknown
        return { ok: true, value: (await handler(checked)) as Results[Method] }
      } catch (e) {
        return { ok: false, error: (e as Error).message }
      }
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit,
    close: () => runs.close(),
  }
}
