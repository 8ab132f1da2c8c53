import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import {
  _electron,
  test as base,
  expect,
  type Browser,
  type ElectronApplication,
  type Page,
} from '@playwright/test'
import WebSocket from 'ws'
import type { EbbSimulator } from '../electron/services/plotter/ebb-simulator'
import {
  ebbRig,
  plotterRig,
  type PlotterRig,
  type Rig,
} from '../electron/services/plotter/test-rig'

/**
 * A running workbench for a test: the browser host started as `npm run web` starts it (its own
 * data and files folders), a page on it, and a direct line to the same API for what a test must
 * observe from outside (the solver processes' ids).
 */
export interface Workbench {
  readonly page: Page
  readonly url: string
  /** The folder the in-app file dialog shows. */
  readonly files: string
  readonly dataDir: string
  /** Milliseconds from starting the host to the app being interactive (start-up over). */
  readonly readyMs: number
  call(method: string, params?: unknown): Promise<unknown>
  /** Opens the app in a fresh page (as after closing the browser tab or quitting the app). */
  reopen(): Promise<Page>
  /**
   * Answers the host's save dialog with `name` (in the files folder): the dialog that the Save
   * button opens, or the one `trigger` opens.
   */
  saveAs(name: string, trigger?: () => Promise<void>): Promise<void>
  /** Opens `name` from the files folder through the host's open dialog: the one the Open
   *  button opens, or the one `trigger` opens. */
  openFile(name: string, trigger?: () => Promise<void>): Promise<void>
}

/** Which host the specs drive: the browser host (default) or the Electron app (E2E_HOST=electron). */
const HOST = process.env.E2E_HOST === 'electron' ? 'electron' : 'browser'

async function startHost(
  dataDir: string,
  files: string,
  devices: readonly string[],
): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(
    process.execPath,
    [
      '--no-use-osr',
      'out/main/web-host.js',
      '--no-open',
      '--data',
      dataDir,
      '--dir',
      files,
      ...devices.flatMap((d) => ['--device', d]),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    proc.stdout!.on('data', (d) => {
      out += d
      const m = /Puzzle Workbench is at (\S+)/.exec(out)
      if (m) resolve(m[1])
    })
    proc.stderr!.on('data', (d) => (out += d))
    proc.on('exit', (code) => reject(new Error(`browser host exited (${code}): ${out}`)))
  })
  return { proc, url }
}

function apiClient(url: string) {
  const u = new URL(url)
  const socket = new WebSocket(`ws://${u.host}/api${u.search}`, { origin: `http://${u.host}` })
  const open = new Promise((resolve) => socket.once('open', resolve))
  let next = 1
  const pending = new Map<number, (v: unknown) => void>()
  socket.on('message', (data) => {
    const m = JSON.parse(String(data))
    if ('id' in m) pending.get(m.id)?.(m.reply)
  })
  return {
    async call(method: string, params: unknown = {}): Promise<unknown> {
      await open
      const id = next++
      const reply = await new Promise<{ ok: boolean; value?: unknown; error?: string }>(
        (resolve) => {
          pending.set(id, resolve as (v: unknown) => void)
          socket.send(JSON.stringify({ id, method, params }))
        },
      )
      if (!reply.ok) throw new Error(reply.error)
      return reply.value
    },
    close: () => socket.close(),
  }
}

async function browserWorkbench(
  browser: Browser,
  dataDir: string,
  files: string,
  devices: readonly string[],
): Promise<{ workbench: Workbench; close(): Promise<void> }> {
  const t0 = Date.now()
  const { proc, url } = await startHost(dataDir, files, devices)
  const client = apiClient(url)
  const open = async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(url)
    await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
    return { context, page }
  }
  let current = await open()
  const readyMs = Date.now() - t0
  const workbench: Workbench = {
    get page() {
      return current.page
    },
    url,
    files,
    dataDir,
    readyMs,
    call: (method, params) => client.call(method, params),
    async reopen() {
      await current.context.close()
      current = await open()
      return current.page
    },
    async saveAs(name, trigger) {
      await (trigger ? trigger() : current.page.getByTestId('save').click())
      await current.page.getByTestId('file-name').fill(name)
      await current.page.getByTestId('file-ok').click()
    },
    async openFile(name, trigger) {
      await (trigger ? trigger() : current.page.getByTestId('open').click())
      await current.page.locator(`[data-testid="file-entry"][data-name="${name}"]`).click()
      await current.page.getByTestId('file-ok').click()
    },
  }
  return {
    workbench,
    async close() {
      client.close()
      await current.context.close()
      proc.kill('SIGTERM')
    },
  }
}

/**
 * The Electron app with its own profile. Native file dialogs cannot be clicked by a test, so
 * the main process's dialog calls are answered with the path the spec names.
 */
async function electronWorkbench(
  dataDir: string,
  files: string,
  devices: readonly string[],
): Promise<{ workbench: Workbench; close(): Promise<void> }> {
  const launch = async () => {
    const t0 = Date.now()
    const app = await _electron.launch({
      args: ['.'],
      env: {
        ...process.env,
        PUZZLE_WORKBENCH_DATA: dataDir,
        PUZZLE_WORKBENCH_DEVICES: devices.join(delimiter),
      },
    })
    const page = await app.firstWindow()
    await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
    return { app, page, readyMs: Date.now() - t0 }
  }
  let current: { app: ElectronApplication; page: Page; readyMs: number } = await launch()
  const answerDialog = (path: string) =>
    current.app.evaluate(({ dialog }, filePath) => {
      dialog.showSaveDialog = (async () => ({ canceled: false, filePath })) as never
      dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [filePath] })) as never
    }, path)
  const workbench: Workbench = {
    get page() {
      return current.page
    },
    url: 'app://workbench/index.html',
    files,
    dataDir,
    readyMs: current.readyMs,
    async call(method, params = {}) {
      const reply = (await current.page.evaluate(
        ([m, p]) =>
          (
            globalThis as unknown as {
              workbench: { call(m: string, p: unknown): Promise<unknown> }
            }
          ).workbench.call(m, p),
        [method, params] as const,
      )) as { ok: boolean; value?: unknown; error?: string }
      if (!reply.ok) throw new Error(reply.error)
      return reply.value
    },
    async reopen() {
      await current.app.close()
      current = await launch()
      return current.page
    },
    async saveAs(name, trigger) {
      await answerDialog(join(files, `${name}.json`))
      await (trigger ? trigger() : current.page.getByTestId('save').click())
    },
    async openFile(name, trigger) {
      await answerDialog(join(files, name))
      await (trigger ? trigger() : current.page.getByTestId('open').click())
    },
  }
  return { workbench, close: () => current.app.close() }
}

async function startWorkbench(browser: Browser, devices: readonly string[] = []) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pw-data-'))
  const files = mkdtempSync(join(tmpdir(), 'pw-files-'))
  return HOST === 'electron'
    ? electronWorkbench(dataDir, files, devices)
    : browserWorkbench(browser, dataDir, files, devices)
}

export const test = base.extend<{
  workbench: Workbench
  /** A workbench with a simulated plotter on a serial line, which the user named to the host. */
  plotting: { workbench: Workbench; rig: PlotterRig }
  /** The same with a simulated AxiDraw (its EiBotBoard). */
  axidraw: { workbench: Workbench; rig: Rig<EbbSimulator> }
}>({
  workbench: async ({ browser }, use) => {
    const host = await startWorkbench(browser)
    await use(host.workbench)
    await host.close()
  },
  // Drawing fast enough for a test but slow enough to pause.
  plotting: ({ browser }, use) => rigged(browser, plotterRig({ unitsPerSecond: 60_000 }), use),
  axidraw: ({ browser }, use) => rigged(browser, ebbRig({ speedUp: 500 }), use),
})

/** A workbench with the rig's line named to its host, for the test's use; both closed after. */
async function rigged<R extends { readonly port: string; close(): Promise<void> }>(
  browser: Browser,
  made: Promise<R>,
  use: (v: { workbench: Workbench; rig: R }) => Promise<void>,
): Promise<void> {
  const rig = await made
  const host = await startWorkbench(browser, [rig.port])
  try {
    await use({ workbench: host.workbench, rig })
  } finally {
    await host.close()
    await rig.close()
  }
}

export { expect }

type Polygon = readonly (readonly [number, number])[]

/** Screen position of a lattice point on the canvas of the current view. */
export async function latticeToScreen(
  page: Page,
  x: number,
  y: number,
): Promise<{ x: number; y: number }> {
  const canvas = page.locator('.grid-canvas').first()
  const box = (await canvas.boundingBox())!
  const [scale, ox, oy] = await canvas.evaluate((el) => [
    Number(el.getAttribute('data-scale')),
    Number(el.getAttribute('data-ox')),
    Number(el.getAttribute('data-oy')),
  ])
  return { x: box.x + ox + x * scale, y: box.y + oy - y * scale }
}

/** Draws a closed polygon with the polygon tool by clicking its vertices, then its first one. */
export async function drawPolygon(page: Page, polygon: Polygon): Promise<void> {
  for (const [x, y] of [...polygon, polygon[0]]) {
    const p = await latticeToScreen(page, x, y)
    await page.mouse.click(p.x, p.y)
  }
}

/** The right isosceles triangle with legs `leg` along the axes from (x, y). */
export const triangle = (leg: number, x = 0, y = 0): Polygon => [
  [x, y],
  [x + leg, y],
  [x, y + leg],
]

/** The `w` × `h` rectangle with its lower left corner at (x, y). */
export const rectangle = (w: number, h: number, x = 0, y = 0): Polygon => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
]

/** New (an empty set), then each polygon drawn with the polygon tool. */
export async function drawNewSet(page: Page, ...polygons: Polygon[]): Promise<void> {
  await page.getByTestId('new').click()
  for (const polygon of polygons) await drawPolygon(page, polygon)
}

/** Names the open set as a user does: the name typed, then Enter. */
export async function nameSet(page: Page, name: string): Promise<void> {
  await page.getByTestId('set-name').fill(name)
  await page.getByTestId('set-name').press('Enter')
}

/**
 * Writes "Cut tangram" to `dir` as cut-tangram.json: the tangram with its square cut into two
 * small triangles, a set of the same area with other figures (to compare with the tangram).
 */
export function writeCutTangram(dir: string): void {
  const tangram = JSON.parse(readFileSync('resources/sets/tangram.json', 'utf8')) as {
    pieces: { name: string; count?: number }[]
  }
  writeFileSync(
    join(dir, 'cut-tangram.json'),
    JSON.stringify({
      ...tangram,
      name: 'Cut tangram',
      pieces: tangram.pieces
        .filter((p) => p.name !== 'square')
        .map((p) => (p.name === 'small triangle' ? { ...p, count: 4 } : p)),
    }),
  )
}
