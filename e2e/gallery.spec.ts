import { expect, test } from './fixtures'

test('the gallery and the export follow the open set: another set shows none, the same set again shows its tilings', async ({
  workbench,
}) => {
  const { page } = workbench
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
  await page.locator('[data-view="designer"]').click()
  await page.getByTestId('solve-convex').click()
  await expect(page.getByTestId('job-state')).toContainText('done', { timeout: 60_000 })
  await page.locator('[data-view="gallery"]').click()
  await expect(page.getByTestId('gallery-count')).toContainText('142 tilings')

  // One tiling enlarged: → and ← browse (across outlines), the animation steps with them.
  await page.getByTestId('gallery').locator('.canvas').focus()
  await page.keyboard.press('Enter')
  const enlarged = page.getByTestId('enlarged')
  const shown = () => enlarged.locator('.toolbar').first().innerText()
  await expect(enlarged.getByTestId('enlarged-position')).toHaveText(/^\s*tiling 1 of \d+\s*$/)
  await expect(enlarged.getByTestId('prev')).toBeDisabled()
  const first = await shown()
  await page.keyboard.press('ArrowRight')
  await expect.poll(shown).not.toBe(first)
  await expect(enlarged.getByTestId('prev')).toBeEnabled()
  await page.keyboard.press('ArrowLeft')
  await expect.poll(shown).toBe(first)
  await enlarged.getByTestId('animate').click()
  await enlarged.getByTestId('play').click()
  const scrub = enlarged.getByTestId('animation').locator('input[type="range"]')
  await scrub.fill('0')
  await enlarged.locator('strong').click()
  await page.keyboard.press('ArrowRight')
  await expect(enlarged.getByTestId('trace-step')).toHaveText(/^\s*step 2 of \d+\s*$/)
  await expect.poll(shown).toBe(first)
  await page.keyboard.press('Escape')
  await expect(enlarged).toHaveCount(0)

  // Another set: the gallery has nothing of it, and Export has nothing to write.
  // The open ends in the Designer: the Gallery is chosen once the set is open, not before.
  const openBundled = async (id: string, name: string) => {
    await page.locator('[data-view="library"]').click()
    await page.getByTestId(`set-${id}`).getByRole('button', { name: 'Open' }).click()
    await expect(page.getByTestId('doc-title')).toHaveText(name)
    await page.locator('[data-view="gallery"]').click()
  }
  await openBundled('triaboloes', 'Triaboloes')
  await expect(page.getByTestId('gallery-count')).toHaveCount(0)
  await expect(page.getByTestId('gallery-empty')).toContainText('No tilings of Triaboloes yet')
  await expect(page.getByTestId('gallery-empty')).toContainText('Tangram')
  await page.keyboard.press('Control+e')
  await expect(page.getByTestId('notice-error')).toContainText('no tilings of Triaboloes')
  await expect(page.getByTestId('export-dialog')).toHaveCount(0)

  // The tangram again: its tilings are still there.
  await openBundled('tangram', 'Tangram')
  await expect(page.getByTestId('gallery-count')).toContainText('142 tilings')
})
