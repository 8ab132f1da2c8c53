import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  drawNewSet,
  drawPolygon,
  expect,
  nameSet,
  rectangle,
  test,
  type Workbench,
} from './fixtures'

/** Issue 28, point 4: a page reloaded mid-job (or mid-edit) takes up where it was. */

const number = async (workbench: Workbench, attribute: string) =>
  Number(await workbench.page.getByTestId('progress').getAttribute(attribute))

/** Solves every convex outline of the tetraboloes until the first tilings show; how many. */
async function solveTetraboloes(workbench: Workbench): Promise<number> {
  const { page } = workbench
  await page.locator('[data-view="library"]').click()
  await page.getByTestId('set-tetraboloes').getByRole('button', { name: 'Open' }).click()
  await expect(page.getByTestId('piece-row')).toHaveCount(14)
  await page.getByTestId('solve-convex').click()
  await expect(page.getByTestId('job-state')).toHaveAttribute('data-state', 'running')
  await expect
    .poll(() => number(workbench, 'data-solutions'), { timeout: 60_000 })
    .toBeGreaterThan(0)
  return number(workbench, 'data-solutions')
}

test('a page reloaded mid-solve takes the job up again: its tilings so far, its progress going on, Cancel, the same set open', async ({
  workbench,
}) => {
  const { page } = workbench
  // One solver process: the tetraboloes' convex outlines then take long enough to reload in the middle.
  await workbench.call('settings.set', { workers: 1 })
  const found = await solveTetraboloes(workbench)

  await page.reload()
  await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
  // The same view and set, the job still running, with what it had found before the reload.
  await expect(page.locator('[data-view="solve"].active')).toBeVisible()
  await expect(page.getByTestId('doc-title')).toHaveText('Tetraboloes')
  await expect(page.getByTestId('job-state')).toHaveAttribute('data-state', 'running')
  expect(await number(workbench, 'data-solutions')).toBeGreaterThanOrEqual(found)
  // Its progress goes on: the events reach the reloaded page.
  const at = await number(workbench, 'data-placements')
  await expect
    .poll(() => number(workbench, 'data-placements'), { timeout: 60_000 })
    .toBeGreaterThan(at)
  await expect(page.getByTestId('notice-error')).toHaveCount(0)
  // The gallery shows its tilings (those of the open set).
  await page.locator('[data-view="gallery"]').click()
  await expect(page.getByTestId('gallery-count')).toHaveText(
    /^[\d,]+ tilings? in [1-9]\d* of 63 outlines$/,
  )
  // Cancel stops the host's job.
  await page.locator('[data-view="solve"]').click()
  await page.getByTestId('cancel').click()
  await expect(page.getByTestId('job-state')).toHaveAttribute('data-state', 'cancelled')
  expect(((await workbench.call('solver.status')) as { jobs: unknown[] }).jobs).toEqual([])
})

test('a job that ends while the page is away shows ended, with its tilings, and the page says so', async ({
  workbench,
}) => {
  const { page } = workbench
  await solveTetraboloes(workbench)
  // The page goes away mid-job, as in a reload, and comes back (in the same tab) once it ended.
  await page.goto('about:blank')
  await expect
    .poll(async () => ((await workbench.call('solver.status')) as { jobs: unknown[] }).jobs, {
      timeout: 150_000,
    })
    .toEqual([])
  await page.goto(workbench.url)
  await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
  await expect(page.getByTestId('notice-info')).toContainText(
    'While the page was reloading, the solve of Tetraboloes finished.',
  )
  await expect(page.getByTestId('job-state')).toHaveAttribute('data-state', 'done')
  await expect(page.getByTestId('progress')).toHaveAttribute('data-solutions', '23512')
  await page.locator('[data-view="gallery"]').click()
  await expect(page.getByTestId('gallery-count')).toHaveText('23,512 tilings in 8 of 63 outlines')
})

test('a page reloaded with unsaved edits reopens the same document, edits, history and file', async ({
  workbench,
}) => {
  const { page } = workbench
  await drawNewSet(page, rectangle(2, 1))
  await nameSet(page, 'Kept')
  await workbench.saveAs('kept')
  await expect(page.getByTestId('doc-title')).toHaveText('Kept')
  // Unsaved edits: a second piece, a new name.
  await drawPolygon(page, rectangle(1, 1, 4, 0))
  await nameSet(page, 'Kept, edited')
  await expect(page.getByTestId('doc-title')).toHaveText('Kept, edited •')
  // Its autosave is written (after a pause in the edits), with the history.
  await expect
    .poll(async () =>
      ((await workbench.call('autosave.list')) as { name: string }[]).map((r) => r.name),
    )
    .toEqual(['Kept, edited'])

  await page.reload()
  await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
  await expect(page.locator('[data-view="designer"].active')).toBeVisible()
  await expect(page.getByTestId('doc-title')).toHaveText('Kept, edited •')
  await expect(page.getByTestId('piece-row')).toHaveCount(2)
  // Not offered as work of an earlier session: it is the work open.
  await expect(page.getByTestId('restore')).toHaveCount(0)
  // Its history came with it.
  await page.getByTestId('undo').click()
  await expect(page.getByTestId('doc-title')).toHaveText('Kept •')
  await page.getByTestId('redo').click()
  await expect(page.getByTestId('doc-title')).toHaveText('Kept, edited •')

  // An edit the autosave has not caught up with yet (it waits for a pause) is kept too.
  await nameSet(page, 'Kept, edited again')
  await page.reload()
  await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
  await expect(page.getByTestId('doc-title')).toHaveText('Kept, edited again •')
  await expect(page.getByTestId('piece-row')).toHaveCount(2)
  // Save writes the file it came from, without asking where.
  await page.getByTestId('save').click()
  await expect(page.getByTestId('doc-title')).toHaveText('Kept, edited again')
  const saved = JSON.parse(readFileSync(join(workbench.files, 'kept.json'), 'utf8')) as {
    name: string
    pieces: unknown[]
  }
  expect([saved.name, saved.pieces.length]).toEqual(['Kept, edited again', 2])
})
