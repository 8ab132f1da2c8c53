import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { join } from 'node:path'
import { pointKey, type XPoint } from '../shared/exact/geometry'
import { parseRoot2 } from '../shared/exact/root2'
import { exactRegionFromJson } from '../shared/formats/exact-figure'
import { drawNewSet, expect, latticeToScreen, nameSet, test, triangle } from './fixtures'

const keys = (corners: readonly XPoint[]) => corners.map(pointKey).sort()

/**
 * Two small tans (the first in the tray) laid into the unit square turned by 45°: the first
 * turned by 45° (R), clicked onto the board a little off the origin, snapping its right angle
 * onto (0, 0); the second dragged, turned by 225° on the way, to the first one's top corner.
 */
async function layDiamond(page: Page, tan: () => Locator): Promise<void> {
  const board = page.getByTestId('compose-board')
  await tan().click()
  await page.keyboard.press('r')
  let at = await latticeToScreen(page, 0.06, 0.5)
  await page.mouse.click(at.x, at.y)
  await expect(board).toHaveAttribute('data-on-board', '1')
  const tray = (await tan().boundingBox())!
  await page.mouse.move(tray.x + tray.width / 2, tray.y + tray.height / 2)
  await page.mouse.down()
  for (let k = 0; k < 5; k++) await page.keyboard.press('r')
  at = await latticeToScreen(page, 0.04, Math.SQRT2 - Math.SQRT2 / 3 - 0.03)
  await page.mouse.move(at.x, at.y, { steps: 4 })
  await page.mouse.up()
  await expect(board).toHaveAttribute('data-on-board', '2')
}

test('Figures: compose the unit square turned by 45° from two small tans, snapped exactly, and save it', async ({
  workbench,
}) => {
  const { page } = workbench
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
  await page.keyboard.press('Alt+3')
  await page.getByTestId('compose-mode').click()
  const board = page.getByTestId('compose-board')
  const small = page.locator('[data-testid="tray-piece"][data-piece="small triangle"]')
  await expect(page.getByTestId('tray-piece')).toHaveCount(7)

  await layDiamond(page, () => small.first())
  await expect(page.getByTestId('tray-piece')).toHaveCount(5)

  // Undo and redo take the drop back and forth.
  await page.keyboard.press('Control+z')
  await expect(board).toHaveAttribute('data-on-board', '1')
  await page.keyboard.press('Control+y')
  await expect(board).toHaveAttribute('data-on-board', '2')

  // Clicked on the board, the second is selected; Delete puts it back in the tray, Ctrl+Z
  // brings it back where it was.
  const at = await latticeToScreen(page, 0, Math.SQRT2 - Math.SQRT2 / 3)
  await page.mouse.click(at.x, at.y)
  await page.keyboard.press('Delete')
  await expect(board).toHaveAttribute('data-on-board', '1')
  await expect(page.getByTestId('tray-piece')).toHaveCount(6)
  await page.keyboard.press('Control+z')
  await expect(board).toHaveAttribute('data-on-board', '2')

  // The union as a figure: one black silhouette, its exact corners shown.
  await page.getByTestId('compose-name').fill('square at 45')
  await page.getByTestId('compose-use').click()
  const silhouette = page.getByTestId('compose-silhouette')
  await expect(silhouette).toHaveAttribute('data-parts', '1')
  await expect(silhouette.locator('path')).toHaveAttribute('fill', '#000')
  await expect(page.getByTestId('compose-corners')).toContainText('(√2/2, √2/2)')
  await expect(page.getByTestId('compose-corners')).toContainText('(0, √2)')

  // Saved as a figure file with exact corners, read back exactly.
  await workbench.saveAs('square-45', () => page.getByTestId('compose-save').click())
  await expect(page.getByTestId('notice-info').last()).toContainText(
    'Saved the figure square at 45',
  )
  const file = JSON.parse(readFileSync(join(workbench.files, 'square-45.json'), 'utf8'))
  const figure = exactRegionFromJson(file, 'square-45.json')
  expect(figure.name).toBe('square at 45')
  expect(figure.parts).toHaveLength(1)
  const r = (t: string) => parseRoot2(t)!
  expect(keys(figure.parts[0].outline)).toEqual(
    keys([
      [r('0'), r('0')],
      [r('√2/2'), r('√2/2')],
      [r('0'), r('√2')],
      [r('-√2/2'), r('√2/2')],
    ]),
  )
})

test('Figures: Solve on a composed figure runs the search off the lattice for the open set', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="figures"]').click()
  await page.getByTestId('compose-mode').click()
  // One small tan laid: its figure is not the tangram's area, which the search's worker says in
  // one line naming the figure (the run kind `exact` reached, not a check in the page).
  const board = page.getByTestId('compose-board')
  await page.getByTestId('tray-piece').first().click()
  const box = (await board.boundingBox())!
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await expect(board).toHaveAttribute('data-on-board', '1')
  await page.getByTestId('compose-name').fill('one tan')
  await page.getByTestId('compose-use').click()
  await page.getByTestId('compose-solve').click()
  await expect(page.getByTestId('exact-solve')).toHaveAttribute('data-state', 'failed')
  await expect(page.getByTestId('exact-error')).toContainText('figure "one tan"')
  await expect(page.getByTestId('exact-error')).toContainText('area')
})

test('Figures: a composed figure solved opens in the Gallery, a card a tiling; a reload brings board, figure and solve back', async ({
  workbench,
}) => {
  const { page } = workbench
  // A set of two small tans: the diamond they make is its figure.
  await drawNewSet(page, triangle(1), triangle(1, 3, 0))
  await nameSet(page, 'Two tans')
  await page.locator('[data-view="figures"]').click()
  await page.getByTestId('compose-mode').click()
  await layDiamond(page, () => page.getByTestId('tray-piece').first())
  await page.getByTestId('compose-name').fill('diamond')
  await page.getByTestId('compose-use').click()
  await page.getByTestId('compose-solve').click()
  const solved = page.getByTestId('exact-solve')
  const count = page.getByTestId('exact-count')
  await expect(solved).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
  await expect(count).toHaveAttribute('data-classes', '1')

  // Open in Gallery: as many cards as the panel counts, one a class.
  const grid = page.getByTestId('gallery-grid')
  await page.getByTestId('exact-gallery').click()
  await expect(page.getByTestId('gallery')).toHaveAttribute('data-source', 'exact')
  await expect(grid).toHaveAttribute('data-tilings', '1')
  await expect(page.getByTestId('gallery-count')).toHaveText(
    '1 tiling of diamond, pieces at any exact place',
  )

  // Every fixed tiling, from the panel again: both diagonals, two cards.
  await page.getByTestId('gallery-back').click()
  await page.getByTestId('exact-every').check()
  await expect(count).toHaveAttribute('data-fixed', '2', { timeout: 60_000 })
  await expect(solved).toHaveAttribute('data-state', 'done')
  await page.getByTestId('exact-gallery').click()
  await expect(grid).toHaveAttribute('data-tilings', '2')
  // + zooms without a click into the gallery; a card opens enlarged with its legend.
  const gallery = page.getByTestId('gallery')
  const thumb = Number(await gallery.getAttribute('data-thumb'))
  await page.keyboard.press('+')
  await expect(gallery).toHaveAttribute('data-thumb', String(Math.round(thumb * 1.25)))
  const box = (await grid.boundingBox())!
  await page.mouse.click(box.x + 40, box.y + 80)
  const enlarged = page.getByTestId('enlarged')
  await expect(enlarged).toContainText('diamond')
  await expect(page.getByTestId('enlarged-position')).toHaveText('tiling 1 of 2')
  // Each tan in its own name and colour, as drawn.
  await expect(enlarged.locator('.legend-item')).toHaveText(['piece 1', 'piece 2'])
  await page.keyboard.press('Escape')
  // Export from there: the dialog for these tilings.
  await page.getByTestId('export').click()
  await expect(page.getByRole('heading', { name: 'Export tilings' })).toBeVisible()
  await page.keyboard.press('Escape')

  // A reload: the Gallery still shows them; the board, the figure and the solve are back.
  await page.reload()
  await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
  await expect(page.getByTestId('gallery')).toHaveAttribute('data-source', 'exact')
  await expect(grid).toHaveAttribute('data-tilings', '2')
  await page.getByTestId('gallery-back').click()
  await expect(page.getByTestId('compose-board')).toHaveAttribute('data-on-board', '2')
  await expect(page.getByTestId('compose-silhouette')).toHaveAttribute('data-parts', '1')
  await expect(page.getByTestId('compose-name')).toHaveValue('diamond')
  await expect(solved).toHaveAttribute('data-state', 'done')
  await expect(count).toHaveAttribute('data-fixed', '2')
  await expect(page.getByTestId('notice-error')).toHaveCount(0)
})
