import { loadavg } from 'node:os'
import { expect, test } from './fixtures'
import { animate, cpuMeter, designerFirstPaint, firstPiecePoint, type Step } from './frames'
import type { Point } from '../shared/lattice/polygon'

/**
 * Issue 26, point 4, measured: the app's drawing as it is (Konva) against one stack (SVG, and a
 * plain <canvas> for the gallery grid: the throwaway `?draw=one` variant), in two pages of the
 * same browser on the same host, alternately (A B, B A, …) so that the load of the machine falls
 * on both alike. Per run: frames per second and the worst frame while the gallery pans (5,000
 * shapes and more in view) and while the Designer's grid pans, zooms and a piece is dragged, the
 * CPU time per frame, and the Designer's first paint.
 */
const RUNS = Number(process.env.RUNS ?? 5)
const note = (s: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`)
const MS = 2500
const SET = process.env.DRAWING_SET ?? 'pentominoes'

type Sample = Awaited<ReturnType<Awaited<ReturnType<typeof cpuMeter>>>>
const samples = new Map<string, Sample[]>()
const firstPaints = new Map<string, number[]>()
const loads: number[] = []
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const push = <T>(m: Map<string, T[]>, k: string, v: T) => m.set(k, [...(m.get(k) ?? []), v])

test(`drawing stacks: Konva against SVG and a plain canvas (${SET})`, async ({ workbench }) => {
  test.setTimeout(1_200_000)
  const konva = workbench.page
  const one = await konva.context().newPage()
  await one.goto(`${workbench.url}&draw=one`)
  await expect(one.locator('.app[data-ready="yes"]')).toBeVisible()
  const pages = { konva, one }
  const meters = { konva: await cpuMeter(konva), one: await cpuMeter(one) }
  const order = (i: number) => (i % 2 ? (['one', 'konva'] as const) : (['konva', 'one'] as const))
  const measure = async (name: 'konva' | 'one', step: Step, piece?: Point) => {
    loads.push(loadavg()[0])
    push(
      samples,
      `${step} ${name}`,
      await meters[name](() => animate(pages[name], step, MS, piece)),
    )
  }

  // Both pages: the pentominoes' every tiling of every figure, the smallest thumbnails.
  for (const p of [konva, one]) {
    await p.bringToFront()
    await p.locator('[data-view="library"]').click()
    await p.getByTestId('set-pentominoes').getByRole('button', { name: 'Open' }).click()
    await p.locator('[data-view="solve"]').click()
    await p.getByTestId('solve-kind').selectOption('tile')
    await p.getByTestId('solve').click()
    await expect(p.getByTestId('job-state')).toContainText('done', { timeout: 120_000 })
    await p.locator('[data-view="gallery"]').click()
    await expect(p.getByTestId('gallery-count')).toContainText('3,719 tilings')
    await p.getByTestId('thumb-size').fill('40')
    await expect(p.getByTestId('gallery')).toHaveAttribute('data-thumb', '40')
    await animate(p, 'gallery', 1000)
    note('gallery ready')
  }
  for (let i = 0; i < RUNS; i++)
    for (const name of order(i)) {
      await pages[name].bringToFront()
      await measure(name, 'gallery')
    }

  const piece = await firstPiecePoint(workbench, SET)
  for (const p of [konva, one]) {
    await p.bringToFront()
    await p.locator('[data-view="library"]').click()
    await p.getByTestId(`set-${SET}`).getByRole('button', { name: 'Open' }).click()
    await expect(p.locator('.grid-canvas')).toBeVisible()
  }
  // The first round warms up (code, fonts, the labels' measures), as the gallery's did.
  for (let i = 0; i <= RUNS; i++)
    for (const name of order(i)) {
      const p = pages[name]
      await p.bringToFront()
      await p.locator('[data-view="library"]').click()
      await expect(p.locator('[data-view="library"].active')).toBeVisible()
      note(`designer ${i} ${name}`)
      // NOREAD=1: no pixel read-back on Konva's canvas (a check that it costs its frames nothing).
      const ms = process.env.NOREAD
        ? await p
            .locator('[data-view="designer"]')
            .click()
            .then(() => p.waitForTimeout(1000))
            .then(() => 0)
        : await designerFirstPaint(p, piece)
      note(`painted ${ms}`)
      if (i > 0) push(firstPaints, name, ms)
      await p.keyboard.press('v')
      if (process.env.PROFILE && i === 1) {
        const cdp = await p.context().newCDPSession(p)
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
        await cdp.send('Profiler.start')
        await animate(p, process.env.PROFILE as Step, MS, piece)
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
          profile: {
            nodes: {
              id: number
              callFrame: { functionName: string; url: string; lineNumber: number }
            }[]
            samples: number[]
          }
        }
        const self = new Map<string, number>()
        const byId = new Map(profile.nodes.map((n) => [n.id, n]))
        for (const id of profile.samples) {
          const c = byId.get(id)!.callFrame
          const k = `${c.functionName || '(anon)'} ${c.url.split('/').pop()}:${c.lineNumber}`
          self.set(k, (self.get(k) ?? 0) + 1)
        }
        const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)
        note(
          `${name} ${process.env.PROFILE} profile (${profile.samples.length} samples):\n${top.map(([k, v]) => `  ${((100 * v) / profile.samples.length).toFixed(1)}% ${k}`).join('\n')}`,
        )
      }
      for (const step of ['pan', 'zoom', 'drag'] as const) {
        if (i === 0) await animate(p, step, 500, piece)
        else await measure(name, step, piece)
      }
    }
})

test.afterAll(() => {
  const f = (x: number, d = 1) => x.toFixed(d)
  const lines = [
    `Drawing stacks (${SET}; medians of ${RUNS} alternated runs of ${MS} ms; one = SVG + a plain canvas; load ${f(Math.min(...loads))}–${f(Math.max(...loads))})`,
  ]
  for (const step of ['gallery', 'pan', 'zoom', 'drag'] as const) {
    const a = samples.get(`${step} konva`) ?? []
    const b = samples.get(`${step} one`) ?? []
    for (const k of ['fps', 'worstFrameMs', 'cpuMsPerFrame', 'mainMsPerFrame'] as const) {
      if (a.length === 0 || b.length === 0) continue
      const ma = median(a.map((s) => s[k]))
      const mb = median(b.map((s) => s[k]))
      lines.push(
        `  ${step.padEnd(8)}${k.padEnd(15)} konva ${f(ma, 2).padStart(7)}  one ${f(mb, 2).padStart(7)}  one/konva ${f(mb / ma, 2)}   runs konva ${a.map((s) => f(s[k])).join(', ')} | one ${b.map((s) => f(s[k])).join(', ')}`,
      )
    }
  }
  const a = firstPaints.get('konva') ?? []
  const b = firstPaints.get('one') ?? []
  if (a.length > 0 && b.length > 0)
    lines.push(
      `  Designer first paint    konva ${f(median(a))} ms  one ${f(median(b))} ms  one/konva ${f(median(b) / median(a), 2)}   runs konva ${a.map((x) => f(x, 0)).join(', ')} | one ${b.map((x) => f(x, 0)).join(', ')}`,
    )
  console.log(lines.join('\n'))
})
