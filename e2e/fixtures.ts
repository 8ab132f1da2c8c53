import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import WebSocket from 'ws'

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
  /** Milliseconds from starting the host process to its printing the URL. */
  readonly startMs: number
  call(method: string, params?: unknown): Promise<unknown>
  /** Opens the app in a fresh page (as after closing the browser tab). */
  reopen(): Promise<Page>
}

async function startHost(
  dataDir: string,
  files: string,
): Promise<{ proc: ChildProcess; url: string; startMs: number }> {
  const t0 = Date.now()
  const proc = spawn(
    process.execPath,
    [
      '--no-use-osr',
      '--import',
      'tsx',
      'electron/web/main.ts',
      '--no-open',
      '--data',
      dataDir,
      '--dir',
      files,
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
  return { proc, url, startMs: Date.now() - t0 }
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

export const test = base.extend<{ workbench: Workbench }>({
  workbench: async ({ browser }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-data-'))
    const files = mkdtempSync(join(tmpdir(), 'pw-files-'))
    const { proc, url, startMs } = await startHost(dataDir, files)
    const client = apiClient(url)
    let context = await browser.newContext()
    let page = await context.newPage()
    await page.goto(url)
    await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
    const workbench: Workbench = {
      get page() {
        return page
      },
      url,
      files,
      dataDir,
      startMs,
      call: (method, params) => client.call(method, params),
      async reopen() {
        await context.close()
        context = await browser.newContext()
        page = await context.newPage()
        await page.goto(url)
        await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
        return page
      },
    }
    await use(workbench)
    client.close()
    await context.close()
    proc.kill('SIGTERM')
  },
})

export { expect }

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
export async function drawPolygon(
  page: Page,
  polygon: readonly (readonly [number, number])[],
): Promise<void> {
  for (const [x, y] of [...polygon, polygon[0]]) {
    const p = await latticeToScreen(page, x, y)
    await page.mouse.click(p.x, p.y)
  }
}
