import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { drawPolygon, expect, test } from './fixtures'

/** The seven tans drawn apart on the grid, as a new user would draw them (by clicks). */
const TANS: [number, number][][] = [
  [
    [0, 0],
    [2, 0],
    [0, 2],
  ],
  [
    [3, 0],
    [5, 0],
    [3, 2],
  ],
  [
    [6, 0],
    [7, 0],
    [7, 1],
    [6, 1],
  ],
  [
    [8, 0],
    [9, 0],
    [10, 1],
    [9, 1],
  ],
  [
    [0, 3],
    [2, 3],
    [1, 4],
  ],
  [
    [3, 3],
    [4, 3],
    [3, 4],
  ],
  [
    [5, 3],
    [6, 3],
    [5, 4],
  ],
]

test('a new user draws the tangram, saves it, reopens it and finds its 13 convex figures with 142 tilings', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.getByTestId('new').click()
  await expect(page.locator('[data-view="designer"].active')).toBeVisible()
  for (const tan of TANS) await drawPolygon(page, tan)
  await expect(page.getByTestId('piece-row')).toHaveCount(7)
  await expect(page.getByTestId('area')).toContainText('16 half-squares in all')
  await expect(page.getByTestId('area')).toContainText('20 convex outlines')

  await page.getByTestId('set-name').fill('My tangram')
  await page.getByTestId('set-name').press('Enter')
  await workbench.saveAs('my-tangram')
  await expect(page.getByTestId('notice-info')).toContainText('Saved My tangram')
  const saved = JSON.parse(readFileSync(join(workbench.files, 'my-tangram.json'), 'utf8'))
  expect(saved.pieces).toHaveLength(7)

  // Start afresh, then open the file again.
  await page.getByTestId('new').click()
  await expect(page.getByTestId('piece-row')).toHaveCount(0)
  await workbench.openFile('my-tangram.json')
  await expect(page.getByTestId('piece-row')).toHaveCount(7)
  await expect(page.getByTestId('doc-title')).toHaveText('My tangram')

  await page.getByTestId('solve-convex').click()
  await expect(page.getByTestId('job-state')).toContainText('done', { timeout: 60_000 })
  await page.locator('[data-view="gallery"]').click()
  await expect(page.getByTestId('gallery-count')).toContainText('142 tilings')
  await expect(page.getByTestId('gallery-count')).toContainText('13 of 20 outlines')

  // Export the tilings: a self-contained file with the set, the counts and all 142 tilings.
  await workbench.saveAs('my-tangram-tilings', async () => {
    await page.getByTestId('export').click()
    await page.getByTestId('export-json').click()
  })
  await expect(page.getByTestId('notice-info').last()).toContainText('Exported 142 tilings')
  const exported = JSON.parse(
    readFileSync(join(workbench.files, 'my-tangram-tilings.json'), 'utf8'),
  )
  expect(exported.format).toBe('puzzle-workbench/solutions')
  const total = exported.figures.reduce(
    (n: number, f: { tilings: unknown[] }) => n + f.tilings.length,
    0,
  )
  expect(total).toBe(142)
})
