import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pointKey, type XPoint } from '../shared/exact/geometry'
import { parseRoot2 } from '../shared/exact/root2'
import { exactRegionFromJson } from '../shared/formats/exact-figure'
import { expect, latticeToScreen, test } from './fixtures'

const keys = (corners: readonly XPoint[]) => corners.map(pointKey).sort()

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

  // The first: picked up, turned by 45° (R), clicked onto the board a little off the origin;
  // dropped centred on the pointer, its right angle snaps onto the grid point (0, 0).
  await small.first().click()
  await page.keyboard.press('r')
  let at = await latticeToScreen(page, 0.06, 0.5)
  await page.mouse.click(at.x, at.y)
  await expect(board).toHaveAttribute('data-on-board', '1')

  // The second: dragged from the tray, turned by 225° on the way, dropped near the top corner
  // of the first (its centre a third of its height below its right angle).
  const tray = (await small.first().boundingBox())!
  await page.mouse.move(tray.x + tray.width / 2, tray.y + tray.height / 2)
  await page.mouse.down()
  for (let k = 0; k < 5; k++) await page.keyboard.press('r')
  at = await latticeToScreen(page, 0.04, Math.SQRT2 - Math.SQRT2 / 3 - 0.03)
  await page.mouse.move(at.x, at.y, { steps: 4 })
  await page.mouse.up()
  await expect(board).toHaveAttribute('data-on-board', '2')
  await expect(page.getByTestId('tray-piece')).toHaveCount(5)

  // Undo and redo take the drop back and forth.
  await page.keyboard.press('Control+z')
  await expect(board).toHaveAttribute('data-on-board', '1')
  await page.keyboard.press('Control+y')
  await expect(board).toHaveAttribute('data-on-board', '2')

  // Clicked on the board, the second is selected; Delete puts it back in the tray, Ctrl+Z
  // brings it back where it was.
  at = await latticeToScreen(page, 0, Math.SQRT2 - Math.SQRT2 / 3)
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
