import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import {
  drawNewSet,
  expect,
  latticeToScreen,
  nameSet,
  test,
  triangle,
  type Workbench,
} from './fixtures'

test('the brush starts a new piece outside every piece, and grows the selected piece where it joins it', async ({
  workbench,
}) => {
  const { page } = workbench
  await drawNewSet(page, triangle(2))
  await expect(page.getByTestId('area')).toContainText('4 half-squares in all')
  // The triangle just closed is selected; the brush clicked well away from it starts a piece.
  await page.keyboard.press('b')
  const away = await latticeToScreen(page, 4.2, 0.3)
  await page.mouse.click(away.x, away.y)
  await expect(page.getByTestId('piece-row')).toHaveCount(2)
  await expect(page.getByTestId('editor-message')).toHaveCount(0)
  await expect(page.getByTestId('area')).toContainText('5 half-squares in all')
  // The new piece is selected now: the other half of its cell joins it.
  const beside = await latticeToScreen(page, 4.8, 0.7)
  await page.mouse.click(beside.x, beside.y)
  await expect(page.getByTestId('area')).toContainText('6 half-squares in all')
  await expect(page.getByTestId('piece-row')).toHaveCount(2)
  // Clicked inside the triangle, the brush takes the triangle: the half below its leg joins it.
  const inside = await latticeToScreen(page, 0.3, 0.3)
  await page.mouse.click(inside.x, inside.y)
  const next = await latticeToScreen(page, 0.7, -0.2)
  await page.mouse.click(next.x, next.y)
  await expect(page.getByTestId('area')).toContainText('7 half-squares in all')
  await expect(page.getByTestId('piece-row')).toHaveCount(2)
  await expect(page.getByTestId('editor-message')).toHaveCount(0)
})

/**
 * The grid lines as drawn: the columns and rows of the grid layer's canvas (the stage's first)
 * that ink runs through from edge to edge, in page coordinates. Read from the pixels, not from
 * any transform the app keeps, so that a grid drawn in the wrong place is seen as the user sees it.
 */
async function drawnGrid(page: Page): Promise<{ xs: number[]; ys: number[] }> {
  // Whatever the last input changed has been painted.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  )
  const grid = page.locator('.grid-canvas canvas').first()
  const box = (await grid.boundingBox())!
  const lines = await grid.evaluate((el: HTMLCanvasElement) => {
    const { width, height, data } = el.getContext('2d')!.getImageData(0, 0, el.width, el.height)
    const ratio = el.width / el.getBoundingClientRect().width
    const ink = (x: number, y: number) => data[(y * width + x) * 4 + 3] / 255
    /** Centres of the runs of a profile well above its median (diagonals are spread thin). */
    const peaks = (profile: number[]): number[] => {
      const median = [...profile].sort((a, b) => a - b)[Math.floor(profile.length / 2)]
      const top = Math.max(...profile)
      const cut = median + (top - median) / 3
      const found: number[] = []
      for (let i = 0; i < profile.length; i++) {
        if (profile[i] <= cut) continue
        let sum = 0
        let moment = 0
        for (; i < profile.length && profile[i] > cut; i++) {
          sum += profile[i] - median
          moment += (profile[i] - median) * (i + 0.5)
        }
        found.push(moment / sum / ratio)
      }
      return found
    }
    const columns = Array.from({ length: width }, (_, x) => {
      let s = 0
      for (let y = 0; y < height; y++) s += ink(x, y)
      return s
    })
    const rows = Array.from({ length: height }, (_, y) => {
      let s = 0
      for (let x = 0; x < width; x++) s += ink(x, y)
      return s
    })
    return { xs: peaks(columns), ys: peaks(rows) }
  })
  return { xs: lines.xs.map((x) => box.x + x), ys: lines.ys.map((y) => box.y + y) }
}

/** Draws a right triangle on drawn grid crossings, legs two cells, and returns it as saved. */
async function triangleOnDrawnGrid(
  workbench: Workbench,
  name: string,
): Promise<readonly (readonly [number, number])[]> {
  const { page } = workbench
  const { xs, ys } = await drawnGrid(page)
  // Crossings well inside the canvas: two cells right and two cells up of one near the middle.
  const i = Math.floor(xs.length / 2) - 1
  const j = Math.floor(ys.length / 2) + 1
  expect(xs.length).toBeGreaterThan(i + 2)
  const corners = [
    [xs[i], ys[j]],
    [xs[i + 2], ys[j]],
    [xs[i], ys[j - 2]],
  ]
  const before = await page.getByTestId('piece-row').count()
  for (const [x, y] of [...corners, corners[0]]) await page.mouse.click(x, y)
  await expect(page.getByTestId('piece-row')).toHaveCount(before + 1)
  await workbench.saveAs(name, () => page.getByTestId('save-as').click())
  const file = join(workbench.files, `${name}.json`)
  // Saves are written aside and renamed: once there, the file is whole.
  await expect.poll(() => existsSync(file)).toBe(true)
  const saved = JSON.parse(readFileSync(file, 'utf8')) as {
    pieces: { polygon: [number, number][] }[]
  }
  return saved.pieces[before].polygon
}

test('after zooming with the wheel and after Fit, grid crossings two cells apart make legs of 2', async ({
  workbench,
}) => {
  const { page } = workbench
  // A piece for Fit to show: it zooms to it.
  await drawNewSet(page, triangle(7))
  await expect(page.getByTestId('piece-row')).toHaveCount(1)
  const legs = (t: readonly (readonly [number, number])[]) => [
    [t[1][0] - t[0][0], t[1][1] - t[0][1]],
    [t[2][0] - t[0][0], t[2][1] - t[0][1]],
  ]

  const canvas = (await page.locator('.grid-canvas').boundingBox())!
  await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2)
  await page.mouse.wheel(0, -300)
  expect(legs(await triangleOnDrawnGrid(workbench, 'zoomed'))).toEqual([
    [2, 0],
    [0, 2],
  ])

  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  expect(legs(await triangleOnDrawnGrid(workbench, 'fitted'))).toEqual([
    [2, 0],
    [0, 2],
  ])
})

test('a one-sided piece with a count range is set in the Designer, undone, saved and opened again', async ({
  workbench,
}) => {
  const { page } = workbench
  // An L: chiral, so one-sided it has its 4 turns of the 8 orientations.
  const ell: [number, number][] = [
    [0, 0],
    [3, 0],
    [3, 1],
    [1, 1],
    [1, 2],
    [0, 2],
  ]
  await drawNewSet(page, ell)
  await nameSet(page, 'One-sided L')
  const inspector = page.getByTestId('inspector')
  await expect(inspector).toContainText('8 orientations')
  await page.getByTestId('piece-one-sided').check()
  await expect(inspector).toContainText('4 orientations')
  await page.getByTestId('piece-count').fill('2')
  await page.getByTestId('piece-count').press('Enter')
  await page.getByTestId('piece-min').fill('0')
  await page.getByTestId('piece-min').press('Enter')
  await expect(page.getByTestId('piece-copies')).toHaveText('×0–2 one-sided')
  await expect(page.getByTestId('area')).toContainText('0–16 half-squares in all')
  // Each is one step of the history.
  await page.getByTestId('undo').click()
  await expect(page.getByTestId('piece-copies')).toHaveText('×2 one-sided')
  await page.getByTestId('redo').click()
  await expect(page.getByTestId('piece-copies')).toHaveText('×0–2 one-sided')

  await workbench.saveAs('one-sided', () => page.getByTestId('save-as').click())
  const file = join(workbench.files, 'one-sided.json')
  await expect.poll(() => existsSync(file)).toBe(true)
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { pieces: object[] }
  expect(saved.pieces[0]).toMatchObject({ count: { min: 0, max: 2 }, flip: false })

  await page.getByTestId('new').click()
  await expect(page.getByTestId('piece-row')).toHaveCount(0)
  await workbench.openFile('one-sided.json')
  await page.getByTestId('piece-row').click()
  await expect(page.getByTestId('piece-one-sided')).toBeChecked()
  await expect(page.getByTestId('piece-min')).toHaveValue('0')
  await expect(page.getByTestId('piece-count')).toHaveValue('2')
  await expect(inspector).toContainText('4 orientations')
})
