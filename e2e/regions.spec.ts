import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { drawPolygon, expect, latticeToScreen, rectangle, test } from './fixtures'

/** Opens a bundled set from the library (the app then shows it in the Designer). */
async function openBundled(page: Page, id: string, name: string): Promise<void> {
  await page.locator('[data-view="library"]').click()
  await page.getByTestId(`set-${id}`).getByRole('button', { name: 'Open' }).click()
  await expect(page.getByTestId('set-name')).toHaveValue(name)
}

/**
 * The ink the figures' layer put at a lattice point of the editor: its alpha, from the pixels of
 * every layer of the stage but the grid's (the first), as the user sees it.
 */
async function figureInk(page: Page, x: number, y: number): Promise<number> {
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  )
  const at = await latticeToScreen(page, x, y)
  const canvases = page.locator('.grid-canvas canvas')
  let ink = 0
  for (let i = 1; i < (await canvases.count()); i++) {
    const c = canvases.nth(i)
    const box = (await c.boundingBox())!
    ink += await c.evaluate(
      (el: HTMLCanvasElement, p) => {
        const ratio = el.width / el.getBoundingClientRect().width
        const px = el.getContext('2d')!.getImageData(p.x * ratio, p.y * ratio, 1, 1).data
        return px[3]
      },
      { x: at.x - box.x, y: at.y - box.y },
    )
  }
  return ink
}

test('the 8 × 8 with a centre hole opens from the library, is drawn with its hole, and builds in 65 ways', async ({
  workbench,
}) => {
  const { page } = workbench
  await openBundled(page, 'pentominoes-8x8-holes', 'Pentominoes: the 8 × 8 with holes')
  await page.locator('[data-view="figures"]').click()
  await expect(page.getByTestId('figure-row')).toHaveCount(4)
  const row = page.getByTestId('figure-row').filter({ hasText: 'centre hole' })
  await expect(row).toContainText('120')
  await row.click()
  await expect(page.locator('.inspector').first()).toContainText(
    '120 half-squares, as much as the pieces.',
  )
  // The hole (cells 3 to 5 across and up) is not filled (off its centre, where the name is);
  // the board around it is.
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  expect(await figureInk(page, 3.2, 4.8)).toBe(0)
  expect(await figureInk(page, 1.5, 1.5)).toBeGreaterThan(0)

  await page.getByTestId('solve-figure').click()
  await expect(page.getByTestId('job-state')).toContainText('done', { timeout: 60_000 })
  await expect(page.getByTestId('solutions')).toHaveText('65')
  await page.locator('[data-view="gallery"]').click()
  await expect(page.getByTestId('gallery-count')).toContainText('65 tilings')
})

test('a board that leaves a piece out: each tiling says which', async ({ workbench }) => {
  const { page } = workbench
  await openBundled(page, 'pentominoes-one-left-out', 'Pentominoes, one left out')
  await page.locator('[data-view="figures"]').click()
  await expect(page.getByTestId('set-summary')).toHaveText(
    'The set: 0–12 pieces of 12 kinds, 0–120 half-squares.',
  )
  await page.getByTestId('figure-row').click()
  await expect(page.getByTestId('area-mismatch')).toHaveCount(0)
  await page.getByTestId('solve-figure').click()
  await expect(page.getByTestId('job-state')).toContainText('done', { timeout: 120_000 })
  await expect(page.getByTestId('solutions')).toHaveText('4,103')
  await page.locator('[data-view="gallery"]').click()
  await page.getByTestId('gallery').locator('.canvas').focus()
  await page.keyboard.press('Enter')
  const enlarged = page.getByTestId('enlarged')
  await expect(enlarged.getByTestId('left-out')).toHaveText(/^Left out: [FILNPTUVWXYZ]$/)
})

test('in Figures a hole is cut out of the figure drawn and a part added; undone, saved as a region', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="figures"]').click()
  await drawPolygon(page, rectangle(4, 4))
  const row = page.getByTestId('figure-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('32')
  await page.getByTestId('cut-hole').click()
  await drawPolygon(page, rectangle(2, 2, 1, 1))
  await expect(row).toContainText('24')
  // A hole must lie inside: one across the side is refused, with a note.
  await drawPolygon(page, rectangle(2, 1, 3, 0))
  await expect(page.getByTestId('editor-message')).toContainText(
    'A hole must lie inside the figure',
  )
  await page.keyboard.press('Escape')
  await page.getByTestId('add-part').click()
  await drawPolygon(page, rectangle(1, 1, 5, 0))
  await expect(row).toContainText('26')
  await expect(row).toHaveCount(1)
  await page.getByTestId('undo').click()
  await expect(row).toContainText('24')
  expect(await figureInk(page, 2, 2.5)).toBe(0)

  await workbench.saveAs('holed', () => page.getByTestId('save-as').click())
  const file = join(workbench.files, 'holed.json')
  await expect.poll(() => existsSync(file)).toBe(true)
  const saved = JSON.parse(readFileSync(file, 'utf8')) as {
    figures: { polygons?: { outline: unknown[]; holes: unknown[] }[] }[]
  }
  expect(saved.figures[0].polygons).toHaveLength(1)
  expect(saved.figures[0].polygons![0].holes).toHaveLength(1)
})
