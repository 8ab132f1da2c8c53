import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures'

test('Design: a long exploration stopped, a small one on the workers, two of its sets opened in Compare, one saved as a set file', async ({
  workbench,
}) => {
  const { page } = workbench
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
  await page.keyboard.press('Alt+d')
  // A long exploration (five pieces of area 16) shows its progress and stops at once.
  await page.getByTestId('design-pieces').fill('5')
  await page.getByTestId('design-top').fill('1')
  await page.getByTestId('design-run').click()
  await expect(page.getByTestId('design-progress')).toBeVisible()
  await page.getByTestId('design-stop').click()
  await expect(page.getByTestId('design-stopped')).toBeVisible()
  await expect(page.getByTestId('design-progress')).toHaveCount(0)

  // A figure of another area to cut: refused in one line.
  await page.getByTestId('design-area').fill('10')
  await page.getByTestId('design-from').selectOption({ label: 'tangram square (16 half-squares)' })
  await page.getByTestId('design-run').click()
  await expect(page.getByTestId('design-error')).toHaveText(
    'Cut from tangram square: the figure covers 16 half-square triangles, not Area 10',
  )
  await page.getByTestId('design-from').selectOption('')
  await page.getByTestId('design-pieces').fill('4')
  await page.getByTestId('design-top').fill('4')
  await page.getByTestId('design-run').click()

  const sets = page.getByTestId('design-set')
  await expect(page.getByTestId('design-stats')).toBeVisible({ timeout: 60_000 })
  expect(await sets.count()).toBeGreaterThanOrEqual(4)
  // Best first: by outlines, then tilings.
  const ranks = await sets.evaluateAll((els) =>
    els.map((e) => Number(e.dataset.outlines) * 1e6 + Number(e.dataset.tilings)),
  )
  expect(ranks).toEqual([...ranks].sort((a, b) => b - a))
  // A set's pieces are drawn at one scale: the same pixels a unit for each (a small piece small).
  const scales = await sets
    .nth(0)
    .locator('.pieces svg')
    .evaluateAll((els) =>
      els.map(
        (e) =>
          (e as SVGSVGElement).width.baseVal.value / (e as SVGSVGElement).viewBox.baseVal.width,
      ),
    )
  expect(scales.length).toBeGreaterThan(1)
  for (const s of scales) expect(s).toBeCloseTo(scales[0], 3)

  // Two sets chosen: the Compare view counts every outline of area 10 for each.
  await sets.nth(0).getByTestId('design-choose').check()
  await sets.nth(1).getByTestId('design-choose').check()
  await page.getByTestId('design-compare').click()
  await expect(page.getByTestId('compare')).toBeVisible()
  await expect(page.getByTestId('compare-set')).toHaveText([
    /Explorer 10\/4 #1/,
    /Explorer 10\/4 #2/,
  ])
  const rows = page.getByTestId('compare-totals').locator('tbody tr')
  await expect(rows).toHaveCount(2, { timeout: 60_000 })
  await expect(page.getByTestId('compare-grid')).toBeVisible()
  // What Compare counts for each set is what the explorer found for it.
  await page.keyboard.press('Alt+d')
  const made = await sets.evaluateAll((els) => els.slice(0, 2).map((e) => e.dataset.outlines))
  await page.keyboard.press('Alt+c')
  await expect(rows.nth(0)).toHaveAttribute('data-outlines', made[0]!)
  await expect(rows.nth(1)).toHaveAttribute('data-outlines', made[1]!)

  // The first set saved as a set file, through the host's dialog.
  await page.keyboard.press('Alt+d')
  await workbench.saveAs('explorer.json', () => sets.nth(0).getByTestId('design-save').click())
  await expect(page.getByText(/Saved Explorer 10\/4 #1 as/)).toBeVisible()
  const saved = JSON.parse(readFileSync(join(workbench.files, 'explorer.json'), 'utf8')) as {
    name: string
    pieces: { count: number }[]
  }
  expect(saved.name).toBe('Explorer 10/4 #1')
  expect(saved.pieces.reduce((n, p) => n + p.count, 0)).toBe(4)

  // A refused run says why in the app's words, and the ranking stays.
  const count = await sets.count()
  await page.getByTestId('design-pieces').fill('12')
  await page.getByTestId('design-run').click()
  await expect(page.getByTestId('design-error')).toHaveText(
    'Pieces 12 is more than Area 10: every piece covers at least one half-square triangle',
  )
  await expect(sets).toHaveCount(count)
})
