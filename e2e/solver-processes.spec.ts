import { expect, test, type Workbench } from './fixtures'
import { processRunning as alive } from '../testing/processes'

interface Status {
  jobs: { jobId: string; state: string }[]
  workerPids: number[]
}

async function startTetraboloes(workbench: Workbench): Promise<number[]> {
  const { page } = workbench
  await page.locator('[data-view="library"]').click()
  await page.getByTestId('set-tetraboloes').getByRole('button', { name: 'Open' }).click()
  await expect(page.getByTestId('piece-row')).toHaveCount(14)
  await page.getByTestId('solve-convex').click()
  await expect(page.getByTestId('job-state')).toContainText('running')
  await expect
    .poll(async () => ((await workbench.call('solver.status')) as Status).jobs.length)
    .toBe(1)
  return ((await workbench.call('solver.status')) as Status).workerPids
}

test('cancelling the tetrabolo run ends its solver processes, and the UI answers', async ({
  workbench,
}) => {
  const { page } = workbench
  const pids = await startTetraboloes(workbench)
  expect(pids.length).toBeGreaterThan(0)
  await expect.poll(() => page.getByTestId('progress').getAttribute('data-fraction')).not.toBe('0')
  await page.getByTestId('cancel').click()
  await expect(page.getByTestId('job-state')).toContainText('cancelled')
  // Killed, not left to finish their parts. (How fast: npm run bench:ui.)
  await expect.poll(() => pids.filter(alive).length, { timeout: 10_000, intervals: [50] }).toBe(0)
  // The UI answers: another view opens.
  await page.locator('[data-view="designer"]').click()
  await expect(page.locator('[data-view="designer"].active')).toBeVisible()
})

test('a solver process killed mid-run is reported, its task run again, and the run ends complete', async ({
  workbench,
}) => {
  const { page } = workbench
  const pids = await startTetraboloes(workbench)
  // Wait for some tilings, then kill one worker from outside.
  await expect
    .poll(async () => Number(await page.getByTestId('progress').getAttribute('data-solutions')), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0)
  process.kill(pids[0], 'SIGKILL')
  await expect(page.getByTestId('job-notice')).toContainText(
    'a worker process stopped unexpectedly (SIGKILL)',
  )
  await expect(page.getByTestId('job-state')).toContainText('done', { timeout: 120_000 })
  // Exact all the same: the task the process had is counted once, by another process.
  await expect(page.getByTestId('progress')).toHaveAttribute('data-solutions', '23512')
  // Still usable: the designer works and a new solve runs.
  await page.locator('[data-view="figures"]').click()
  await page.getByTestId('solve-convex').click()
  await expect(page.getByTestId('job-state')).toContainText('running')
  await page.getByTestId('cancel').click()
  await expect(page.getByTestId('job-state')).toContainText('cancelled')
})
