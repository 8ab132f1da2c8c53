import { drawPolygon, expect, latticeToScreen, test } from './fixtures'

test('the brush starts a new piece outside every piece, and grows the selected piece where it joins it', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.getByTestId('new').click()
  await drawPolygon(page, [
    [0, 0],
    [2, 0],
    [0, 2],
  ])
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
