import type { CDPSession, Page } from '@playwright/test'
import { arrangeApart } from '../shared/document/arrange'
import type { WorkbenchDocument } from '../shared/document/document'
import type { Point } from '../shared/lattice/polygon'
import { pointInPolygon } from '../renderer/src/geometry'
import type { Workbench } from './fixtures'

/**
 * What the UI benchmarks measure of drawing: frames while the view is moved one input event a
 * frame, the CPU they cost, and how soon a view shows its pieces (read from the pixels of the
 * canvas that draws them).
 */

/** The gallery's grid wheeled down and back; the Designer's grid panned or zoomed; a piece dragged. */
export type Step = 'gallery' | 'pan' | 'zoom' | 'drag'

export interface Frames {
  readonly frames: number
  readonly fps: number
  readonly worstFrameMs: number
  /** The fewest shapes in view during a gallery's run. */
  readonly minShapes: number
}

/**
 * A point inside the first piece of a bundled set as the Designer shows it (laid apart), in
 * lattice units: the first of a fine grid of points over its box that lies inside it.
 */
export async function firstPiecePoint(workbench: Workbench, set: string): Promise<Point> {
  const { document } = (await workbench.call('library.open', { id: set })) as {
    document: WorkbenchDocument
  }
  const poly = arrangeApart(document).pieces[0].polygon
  const xs = poly.map((p) => p[0])
  const ys = poly.map((p) => p[1])
  for (let x = Math.min(...xs) + 0.125; x < Math.max(...xs); x += 0.25)
    for (let y = Math.min(...ys) + 0.125; y < Math.max(...ys); y += 0.25)
      if (pointInPolygon(poly, x, y)) return [x, y]
  throw new Error(`${set}: no point found inside its first piece`)
}

/** One input event a frame for `ms`; `piece` (lattice units) is where a drag starts. */
export function animate(page: Page, step: Step, ms: number, piece: Point = [0, 0]) {
  return page.evaluate(
    ({ step, ms, piece }) => {
      const gallery = step === 'gallery'
      const el = document.querySelector<HTMLElement>(
        gallery ? '[data-testid="gallery-grid"]' : '.grid-canvas',
      )!
      const r = el.getBoundingClientRect()
      const button = step === 'pan' ? 1 : 0
      const mouse = (type: string, clientX: number, clientY: number) =>
        el.dispatchEvent(
          new MouseEvent(type, { clientX, clientY, button, bubbles: true, cancelable: true }),
        )
      const scale = Number(el.dataset.scale)
      let x = r.left + (step === 'drag' ? Number(el.dataset.ox) + piece[0] * scale : r.width / 2)
      const y = r.top + (step === 'drag' ? Number(el.dataset.oy) - piece[1] * scale : r.height / 2)
      const x0 = x
      if (step === 'pan' || step === 'drag') mouse('mousedown', x, y)
      const frames: number[] = []
      let minShapes = Infinity
      let dir = 1
      return new Promise<{ frames: number; fps: number; worstFrameMs: number; minShapes: number }>(
        (resolve) => {
          const frame = (t: number) => {
            frames.push(t)
            if (gallery) {
              // One wheel step a frame, down to the end and back: a steady pan, as a user drags.
              minShapes = Math.min(minShapes, Number(el.dataset.shapes))
              const sy = Number(el.dataset.scroll)
              const end = Number(el.dataset.contentHeight) - el.clientHeight
              if (sy >= end - 12) dir = -1
              else if (sy <= 0) dir = 1
              el.dispatchEvent(
                new WheelEvent('wheel', { deltaY: 12 * dir, bubbles: true, cancelable: true }),
              )
            } else {
              // Zoom in and out about the middle; pan 6 px a frame; drag a quarter cell a frame
              // (the piece moves one cell every fourth), ten cells one way, then back.
              if (frames.length % 40 === 0) dir = -dir
              if (step === 'zoom')
                el.dispatchEvent(
                  new WheelEvent('wheel', {
                    deltaY: 15 * dir,
                    clientX: x,
                    clientY: y,
                    bubbles: true,
                    cancelable: true,
                  }),
                )
              else {
                x += dir * (step === 'pan' ? 6 : scale / 4)
                mouse('mousemove', x, y)
              }
            }
            if (t - frames[0] < ms) {
              requestAnimationFrame(frame)
              return
            }
            // A dragged piece goes back where it was, for the next run's first paint.
            if (step === 'drag') mouse('mousemove', x0, y)
            if (step === 'pan' || step === 'drag') mouse('mouseup', x0, y)
            const gaps = frames.slice(1).map((f, k) => f - frames[k])
            resolve({
              frames: frames.length - 1,
              fps: (frames.length - 1) / ((t - frames[0]) / 1000),
              worstFrameMs: Math.max(...gaps),
              minShapes,
            })
          }
          requestAnimationFrame(frame)
        },
      )
    },
    { step, ms, piece },
  )
}

/**
 * A click on the Designer's tab (shown from another view) to the end of the first frame that
 * shows the point `piece` of the first piece drawn where the view transform puts it (a pixel on
 * the content layer's canvas). Checked after each frame is rendered.
 */
export function designerFirstPaint(page: Page, piece: Point): Promise<number> {
  return page.evaluate((piece) => {
    const painted = () => {
      const el = document.querySelector<HTMLElement>('.grid-canvas')
      if (!el?.dataset.scale) return false
      const x = Number(el.dataset.ox) + piece[0] * Number(el.dataset.scale)
      const y = Number(el.dataset.oy) - piece[1] * Number(el.dataset.scale)
      const content = el.querySelectorAll('canvas')[1]
      if (!content) return false
      const k = content.width / content.clientWidth
      return content.getContext('2d')!.getImageData(x * k, y * k, 1, 1).data[3] > 0
    }
    const t0 = performance.now()
    document.querySelector<HTMLElement>('[data-view="designer"]')!.click()
    return new Promise<number>((resolve, reject) => {
      const check = () =>
        setTimeout(() => {
          if (painted()) resolve(performance.now() - t0)
          else if (performance.now() - t0 < 10_000) requestAnimationFrame(check)
          else reject(new Error(`the Designer showed no piece at ${piece.join(', ')} in 10 s`))
        })
      requestAnimationFrame(check)
    })
  }, piece)
}

/**
 * Time per frame of a run: the CPU time of all Chromium's processes (raster and compositor
 * threads too, where an SVG's work partly goes), and the page's main thread busy with tasks (where
 * a canvas is drawn; wall time, so it grows with the machine's load).
 */
export async function cpuMeter(page: Page) {
  const browser = await page.context().browser()!.newBrowserCDPSession()
  const session: CDPSession = await page.context().newCDPSession(page)
  await session.send('Performance.enable')
  const read = async () => {
    const { processInfo } = (await browser.send('SystemInfo.getProcessInfo')) as {
      processInfo: { cpuTime: number }[]
    }
    const { metrics } = await session.send('Performance.getMetrics')
    return {
      all: processInfo.reduce((a, p) => a + p.cpuTime, 0),
      main: metrics.find((m) => m.name === 'TaskDuration')!.value,
    }
  }
  return async (run: () => Promise<Frames>) => {
    const before = await read()
    const frames = await run()
    const after = await read()
    return {
      ...frames,
      cpuMsPerFrame: ((after.all - before.all) * 1000) / frames.frames,
      mainMsPerFrame: ((after.main - before.main) * 1000) / frames.frames,
    }
  }
}
