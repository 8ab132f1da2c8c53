import { processRunning as alive } from '../testing/processes'
import { expect, test, type Workbench } from './fixtures'

/** Issue 13, point 3: the estimate first, as information, never a "failed" badge. */

async function openSet(workbench: Workbench, id: string, pieces: number): Promise<void> {
  const { page } = workbench
  await page.locator('[data-view="library"]').click()
  await page.getByTestId(`set-${id}`).getByRole('button', { name: 'Open' }).click()
  await expect(page.getByTestId('piece-row')).toHaveCount(pieces)
}

const estimateText = (workbench: Workbench) => workbench.page.getByTestId('estimate-text')

test.setTimeout(300_000)

test('pentaboloes: the run stops at its estimate, not as failed; the estimate streams, stops at once, and the run can be forced and cancelled', async ({
  workbench,
}) => {
  const { page } = workbench
  await openSet(workbench, 'pentaboloes', 30)
  await page.getByTestId('solve-convex').click()
  // While it plans, the Solve view counts the outlines planned; then it stops, as an estimate.
  // (Tens of seconds on a loaded machine: the outlines are planned until the estimate passes 2·10¹² nodes.)
  await expect(page.getByTestId('job-state')).toHaveAttribute('data-state', 'estimated', {
    timeout: 180_000,
  })
  await expect(page.getByTestId('job-state')).not.toContainText('failed')
  await expect(page.getByTestId('figures-planned')).toContainText('of 301')
  // The run's own planning, with its spread too (issue 28, point 9).
  await expect(page.getByTestId('figures-planned')).toContainText(/nodes \(×\/÷ [\d.,]+/)
  const stopped = page.getByTestId('stopped-at-estimate')
  await expect(stopped).toContainText('Not run: its search would take days')
  // The estimate of the same search starts by itself and streams: outlines ruled out as they come.
  await expect(stopped.getByTestId('estimate')).toHaveAttribute('data-state', 'running')
  await expect
    .poll(async () => Number(await estimateText(workbench).getAttribute('data-ruled-out')), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0)
  await expect
    .poll(async () => Number(await estimateText(workbench).getAttribute('data-nodes')), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0)
  await expect(estimateText(workbench)).toContainText('Estimating… about')
  const pids = ((await workbench.call('solver.status')) as { workerPids: number[] }).workerPids
  await stopped.getByTestId('estimate-cancel').click()
  await expect(stopped.getByTestId('estimate')).toHaveAttribute('data-state', 'cancelled')
  await expect(estimateText(workbench)).toContainText('Stopped.')
  // The estimate's processes were stopped, not left to finish.
  await expect.poll(() => pids.filter(alive).length, { timeout: 10_000, intervals: [50] }).toBe(0)
  // The deliberate choice: run it anyway, knowing the time here and on the queue (of the
  // outlines estimated when it stopped: a loaded machine may have timed only small ones).
  const run = stopped.getByTestId('estimate-run')
  await expect(run).toHaveText(/^Run anyway, .+ here \/ .+ on 10 queue workers$/)
  // Issue 28, point 9: one format (two significant figures and the spread, no caret, no
  // "quadrillion"), the safe choice highlighted, and the table's Estimated column filled.
  await expect(estimateText(workbench)).toContainText(
    /about [\d.,]+(·10\S+| million)? nodes \(×\/÷ [\d.,]+(·10\S+| million)?\)/,
  )
  await expect(stopped).not.toContainText(/\^|quadrillion|trillion|billion/)
  await expect(run).not.toHaveClass(/primary/)
  await expect(stopped.getByTestId('estimate-leave')).toHaveClass(/primary/)
  const estimated = Number(await estimateText(workbench).getAttribute('data-estimated'))
  const searched = estimated - Number(await estimateText(workbench).getAttribute('data-ruled-out'))
  // The panel counts to the estimate's last progress line; the table has each figure's estimate
  // as it came, so one that came after that line and before the Stop is in the table only.
  await expect
    .poll(() =>
      page
        .getByTestId('estimated-nodes')
        .filter({ hasText: /^[\d.,]+(·10\S+| million)? ×\/÷ [\d.,]+(·10\S+| million)?$/ })
        .count(),
    )
    .toBeGreaterThanOrEqual(searched)
  expect(
    await page
      .getByTestId('estimated-nodes')
      .filter({ hasText: /^[\d.,]+(·10\S+| million)? ×\/÷ [\d.,]+(·10\S+| million)?$/ })
      .count(),
  ).toBeLessThanOrEqual(searched + 1)
  await run.click()
  await expect(page.getByTestId('job-state')).toHaveAttribute('data-state', 'running')
  await expect
    .poll(async () => Number(await page.getByTestId('progress').getAttribute('data-placements')), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0)
  await page.getByTestId('cancel').click()
  await expect(page.getByTestId('job-state')).toHaveAttribute('data-state', 'cancelled')
  // The complaint: Cancel said "Cannot read properties of undefined (reading 'counts')".
  await expect(page.locator('body')).not.toContainText('Cannot read properties')
  await expect(page.locator('.error-text')).toHaveCount(0)
})

test('the Library, the Designer and the Figures estimate before any run', async ({ workbench }) => {
  const { page } = workbench
  await page.locator('[data-view="library"]').click()
  const card = page.getByTestId('set-tangram')
  await card.getByTestId('estimate-tangram').click()
  await expect(card.getByTestId('estimate')).toHaveAttribute('data-state', 'done')
  await expect(card.getByTestId('estimate-text')).toHaveText(
    /^\s*about [\d,]+ nodes \(×\/÷ [\d.,]+(·10\S+| million)?\) in 16 outlines to search \(4 ruled out\): (under a second|up to \d+ s|[\d.]+(–| s – )[\d.]+ s) here \(\d+ process(es)?\), .+ on 10 workers of the queue\.\s*$/,
  )
  // Nothing was run: no job.
  expect(((await workbench.call('solver.status')) as { jobs: unknown[] }).jobs).toEqual([])

  await card.getByRole('button', { name: 'Open' }).click()
  await expect(page.locator('[data-view="designer"].active')).toBeVisible()
  // The same search's estimate shows in the Designer, with each outline.
  const designer = page.getByTestId('estimate')
  await expect(designer).toHaveAttribute('data-state', 'done')
  await designer.getByTestId('estimate-table').locator('summary').click()
  const rows = designer.getByTestId('estimate-table').locator('tbody tr')
  await expect(rows).toHaveCount(20)
  await expect(rows.filter({ hasText: 'ruled out:' })).toHaveCount(4)
  // Run here: the solve runs and finds the tangram's 142 tilings.
  await designer.getByTestId('estimate-run').click()
  await expect(page.getByTestId('job-state')).toHaveAttribute('data-state', 'done')
  await expect(page.getByTestId('progress')).toHaveAttribute('data-solutions', '142')

  // The Figures view estimates the document's figures, one row each.
  await page.locator('[data-view="figures"]').click()
  await page.getByTestId('add-figure-tangram-square').click()
  await expect(page.getByTestId('figure-row')).toHaveCount(1)
  const figures = page.getByTestId('figures-estimate')
  await expect(figures).toContainText('Building the figures')
  await figures.getByTestId('estimate-start').click()
  await expect(figures.getByTestId('estimate')).toHaveAttribute('data-state', 'done')
  await expect(figures.getByTestId('estimate-text')).toContainText(
    /nodes \(×\/÷ [\d.,]+(·10\S+| million)?\) in 1 figure to search/,
  )
  await figures.getByTestId('estimate-table').locator('summary').click()
  await expect(figures.getByTestId('estimate-table').locator('tbody tr')).toHaveText([
    /tangram square.*to search/,
  ])
  // Leaving it, the highlighted choice, shows no estimate and runs nothing.
  await figures.getByTestId('estimate-leave').click()
  await expect(figures.getByTestId('estimate')).toHaveAttribute('data-state', 'none')
  await expect(figures.getByTestId('estimate-start')).toHaveText('Estimate the search')
})
