import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { IpcMainInvokeEvent, SaveDialogOptions } from 'electron'
import { afterAll, describe, expect, it } from 'vitest'
import type { WorkbenchDocument } from '../../shared/document/document'
import { DEFAULT_EXPORT } from '../../shared/drawing/export-settings'
import type { Reply, WorkbenchEvent } from '../../shared/api/contract'
import { formatCards } from '../../shared/edgematch/cards/format'
import { randomCardPuzzle } from '../../shared/edgematch/cards/random'
import { processRunning } from '../../testing/processes'
import { nodeWorkerLauncher } from '../services/node-worker'
import { startAppWorkbench } from './app-workbench'
import { APP_ORIGIN } from './origin'

type Listener = (event: IpcMainInvokeEvent, message: unknown) => Promise<unknown>

const closers: (() => void)[] = []
afterAll(() => closers.forEach((close) => close()))

/**
 * The Electron main process's services and IPC handler as index.ts wires them, run under Node: a
 * fake `ipcMain` keeps the handler, the renderer's calls are made on it as from the app's page,
 * and the native dialogs answer what the test makes the user choose.
 */
function mainProcess(dataDir: string) {
  let listener: Listener | undefined
  const chooses: string[] = []
  const saveDialogs: SaveDialogOptions[] = []
  const app = startAppWorkbench({
    dataDir,
    resourcesDir: 'resources',
    version: '0.0.0-test',
    ipcMain: { handle: (channel, l) => channel === 'workbench:call' && (listener = l) },
    dialog: {
      showOpenDialog: async () => {
        const path = chooses.shift()
        return { canceled: path === undefined, filePaths: path === undefined ? [] : [path] }
      },
      showSaveDialog: async (options) => {
        saveDialogs.push(options)
        const path = chooses.shift()
        return { canceled: path === undefined, filePath: path ?? '' }
      },
    },
    launchWorker: nodeWorkerLauncher(),
    devices: () => [],
    recentChanged: () => {},
  })
  closers.push(app.close)
  const events: WorkbenchEvent[] = []
  app.workbench.onEvent((e) => events.push(e))
  const send = async (method: string, params?: unknown, url = `${APP_ORIGIN}/index.html`) =>
    (await listener!({ senderFrame: { url } } as IpcMainInvokeEvent, {
      method,
      params,
    })) as Reply<never>
  return {
    events,
    saveDialogs,
    send,
    /** As the app quits. */
    close: app.close,
    /** The user picks `path` in the next dialog. */
    choose: (path: string) => chooses.push(path),
    async ok<T>(method: string, params?: unknown): Promise<T> {
      const reply = await send(method, params)
      if (!reply.ok) throw new Error(`${method} failed: ${reply.error}`)
      return reply.value as T
    },
    async refused(method: string, params?: unknown): Promise<string> {
      const reply = await send(method, params)
      if (reply.ok) throw new Error(`${method} was answered, not refused`)
      return reply.error
    },
  }
}

const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix))
const tangramFile = join('resources', 'sets', 'tangram.json')

describe('the Electron main process, driven over IPC by a hostile renderer', () => {
  it('refuses every path it did not get from its own dialogs, whatever the settings list', async () => {
    const data = tmp('pw-main-data-')
    const outside = tmp('pw-main-outside-')
    const victim = (name: string, text = 'precious') => {
      writeFileSync(join(outside, name), text)
      return join(outside, name)
    }
    const secretSet = join(outside, 'secret.json')
    copyFileSync(tangramFile, secretSet)
    const targets = {
      document: victim('victim.json'),
      sheet: victim('victim.svg'),
      solutions: victim('victim-solutions.json'),
      plot: victim('victim.hpgl'),
      puzzle: victim('victim.txt'),
      figure: victim('victim-figure.json'),
    }
    // A recent list written before the host stopped taking it from the renderer counts no more.
    writeFileSync(
      join(data, 'settings.json'),
      JSON.stringify({ workers: 1, recent: [secretSet, ...Object.values(targets)] }),
    )
    const main = mainProcess(data)
    // The renderer puts the paths on the recent list itself.
    const set = await main.send('settings.set', { recent: [secretSet, ...Object.values(targets)] })
    expect(set).toEqual({
      ok: false,
      error: 'settings.set: bad parameters (value: Unrecognized key: "recent")',
    })
    expect((await main.ok<{ recent: string[] }>('settings.get')).recent).toContain(secretSet)

    const { document } = await main.ok<{ document: WorkbenchDocument }>('library.open', {
      id: 'tangram',
    })
    const { runId: jobId } = await main.ok<{ runId: string }>('run.start', {
      kind: 'solve',
      params: { document, kind: 'convex', mode: 'reduce', list: true },
    })
    await expect
      .poll(() => main.events.some((e) => e.type === 'run.ended' && e.runId === jobId), {
        timeout: 30_000,
      })
      .toBe(true)
    const notChosen = (path: string) =>
      `${path}: not chosen in a file dialog; choose it with Open or Save As`
    for (const method of ['document.open', 'puzzle.open', 'exactFigure.open'])
      expect(await main.refused(method, { path: secretSet })).toBe(notChosen(secretSet))
    expect(await main.refused('document.save', { path: targets.document, document })).toBe(
      notChosen(targets.document),
    )
    const settings = { ...DEFAULT_EXPORT, format: 'svg' as const }
    expect(await main.refused('export.sheet', { jobId, path: targets.sheet, settings })).toBe(
      notChosen(targets.sheet),
    )
    expect(await main.refused('export.solutions', { jobId, path: targets.solutions })).toBe(
      notChosen(targets.solutions),
    )
    expect(
      await main.refused('plotter.start', {
        jobId,
        settings: { ...settings, format: 'hpgl' },
        page: 0,
        target: { kind: 'file', path: targets.plot },
      }),
    ).toBe(notChosen(targets.plot))
    expect(await main.refused('puzzle.save', { path: targets.puzzle, text: 'x' })).toBe(
      notChosen(targets.puzzle),
    )
    expect(
      await main.refused('exactFigure.save', {
        path: targets.figure,
        name: 'triangle',
        corners: [
          ['0', '0'],
          ['1', '0'],
          ['0', '1'],
        ],
      }),
    ).toBe(notChosen(targets.figure))
    for (const path of Object.values(targets)) expect(readFileSync(path, 'utf8')).toBe('precious')

    // What the user chooses in the host's own dialog is the renderer's to use, and only that;
    // the dialog takes only a name from the renderer, not the folder to open on.
    const mine = join(tmp('pw-main-files-'), 'tangram.svg')
    main.choose(mine)
    expect(await main.ok('dialog.save', { suggestedName: join(outside, 'tangram.svg') })).toEqual({
      path: mine,
    })
    expect(main.saveDialogs.map((o) => o.defaultPath)).toEqual(['tangram.svg'])
    await main.ok('export.sheet', { jobId, path: mine, settings })
    expect(readFileSync(mine, 'utf8')).toMatch(/^<\?xml|^<svg/)
    expect(await main.refused('document.open', { path: secretSet })).toBe(notChosen(secretSet))
  })

  it('reopens the files the user opened through a dialog, after a restart', async () => {
    const data = tmp('pw-main-data-')
    const files = tmp('pw-main-files-')
    const opened = join(files, 'tangram.json')
    copyFileSync(tangramFile, opened)
    const first = mainProcess(data)
    first.choose(opened)
    expect(await first.ok('dialog.open', {})).toEqual({ path: opened })
    await first.ok('document.open', { path: opened })
    // A dialog cancelled grants nothing.
    expect(await first.ok('dialog.open', {})).toEqual({})

    // Leftovers of killed saves (of a process long gone) are cleared at start in the folders of
    // the files chosen, never in a folder only the settings' recent list names.
    const deadPid = 4_194_303
    const leftover = (dir: string) => {
      const path = join(dir, `.tangram.json.${deadPid}-1.tmp`)
      writeFileSync(path, 'half a save')
      return path
    }
    const elsewhere = tmp('pw-main-outside-')
    const kept = leftover(elsewhere)
    const cleared = leftover(files)
    const recentFile = join(data, 'settings.json')
    const written = JSON.parse(readFileSync(recentFile, 'utf8')) as { recent: string[] }
    writeFileSync(
      recentFile,
      JSON.stringify({ ...written, recent: [...written.recent, join(elsewhere, 'tangram.json')] }),
    )
    const again = mainProcess(data)
    await expect.poll(() => existsSync(cleared), { timeout: 10_000 }).toBe(false)
    expect(existsSync(kept)).toBe(true)
    const settings = await again.ok<{ recent: string[] }>('settings.get')
    expect(settings.recent).toEqual([opened, join(elsewhere, 'tangram.json')])
    const { document } = await again.ok<{ document: WorkbenchDocument }>('document.open', {
      path: opened,
    })
    expect(document.pieces).toHaveLength(5)
    await again.ok('document.save', { path: opened, document })
    const beside = join(files, 'other.json')
    expect(await again.refused('document.save', { path: beside, document })).toMatch(/not chosen/)
    expect(existsSync(beside)).toBe(false)
  })

  it('answers only the app’s own page', async () => {
    const main = mainProcess(tmp('pw-main-data-'))
    expect(await main.send('app.info', undefined, 'https://example.com/')).toEqual({
      ok: false,
      error: 'refused: not the workbench',
    })
    expect(await main.send('app.info', undefined)).toMatchObject({
      ok: true,
      value: { host: 'electron', nativeDialogs: true },
    })
  })
})

describe('the Electron main process as the app quits', () => {
  it('ends every run, cancelled, and its worker processes with it', async () => {
    const main = mainProcess(tmp('pw-main-quit-'))
    // 5 × 5 cards of two figures: far too many boards to count before the quit.
    const puzzle = randomCardPuzzle(5, 5, 2, undefined, 7).puzzle
    const { runId } = await main.ok<{ runId: string }>('run.start', {
      kind: 'cards',
      params: { text: formatCards(puzzle), goal: 'count' },
    })
    await expect
      .poll(() => main.events.some((e) => e.type === 'run.progress' && e.runId === runId), {
        timeout: 60_000,
      })
      .toBe(true)
    const { workerPids } = await main.ok<{ workerPids: number[] }>('solver.status')
    expect(workerPids.length).toBeGreaterThan(0)
    main.close()
    // Ended at once, as cancelled: not left to fail when its workers die.
    expect(main.events.filter((e) => e.type === 'run.ended' && e.runId === runId)).toEqual([
      expect.objectContaining({ outcome: 'cancelled' }),
    ])
    await expect
      .poll(() => workerPids.filter(processRunning), { timeout: 10_000, interval: 50 })
      .toEqual([])
  }, 120_000)
})
