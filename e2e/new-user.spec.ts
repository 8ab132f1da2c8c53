import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { drawPolygon, expect, nameSet, test } from './fixtures'

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
  // The two large and the two small triangles were drawn apart: the Designer says how they count.
  const same = (a: string, b: string) =>
    `${a} and ${b} are the same shape: they count as one kind with 2 copies, and swapping them ` +
    'makes no new tiling. Each keeps its own name and colour in the tilings.'
  await expect(page.getByTestId('same-shape')).toHaveText([
    same('piece 1', 'piece 2'),
    same('piece 6', 'piece 7'),
  ])

  await nameSet(page, 'My tangram')
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
  // A tiling enlarged: each triangle under its own name (and so its own colour).
  await page.getByTestId('gallery').locator('.canvas').focus()
  await page.keyboard.press('Enter')
  const legend = page.getByTestId('enlarged').locator('.legend-item')
  await expect(legend).toHaveText([
    'piece 1',
    'piece 2',
    'piece 3',
    'piece 4',
    'piece 5',
    'piece 6',
    'piece 7',
  ])
  await expect(page.getByTestId('enlarged').getByTestId('same-shape')).toHaveCount(2)
  await page.keyboard.press('Escape')

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
  // Every tiling has each of the seven pieces once, under its own name.
  for (const f of exported.figures)
    for (const t of f.tilings)
      expect(t.pieces.map((p: { piece: string }) => p.piece).sort()).toEqual(
        exported.set.pieces.map((p: { name: string }) => p.name).sort(),
      )
  expect(exported.set.pieces).toHaveLength(7)
})
