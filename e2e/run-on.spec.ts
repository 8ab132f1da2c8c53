import { freePort, missingRedis, startRedis, startWorker, stopWorker } from '../testing/redis'
import { expect, test } from './fixtures'

test('run on the queue: chosen in the Queens panel, kept with the password hidden, a count served by a worker', async ({
  workbench,
}) => {
  test.skip(missingRedis !== undefined, missingRedis)
  const redis = await startRedis('e2e-secret-5')
  const worker = await startWorker(redis.url, '--jobs', '1')
  try {
    const { page } = workbench
    await page.locator('[data-view="queens"]').click()
    const panel = page.getByTestId('queens-count')
    await panel.getByTestId('run-on-choice').selectOption('queue')
    const url = panel.getByTestId('run-on-url')
    await url.fill(redis.url)
    await url.press('Enter')
    // What the host shows back: the password hidden.
    await expect(url).toHaveValue(`redis://:••••@127.0.0.1:${redis.port}`)

    await page.getByTestId('queens-count-n').fill('10')
    await page.getByTestId('queens-count-start').click()
    const row = page.getByTestId('queens-counts').locator('tr[data-n="10"]')
    await expect(row).toHaveAttribute('data-total', '724')
    await expect(row).toHaveAttribute('data-unique', '92')
    // The panel says where it ran (issue 28, point 2), the password hidden.
    await expect(panel.getByTestId('queens-place')).toHaveText(
      `n = 10 ran on the queue at redis://:••••@127.0.0.1:${redis.port}`,
    )
    await expect(panel).not.toContainText('e2e-secret-5')
    // Its tasks went through Redis, to the worker.
    expect(Number(redis.cli('xlen', 'bull:puzzle-workbench:events'))).toBeGreaterThan(0)

    // The choice is the app's: the Solve panel shows it, and it outlives the page.
    const again = await workbench.reopen()
    await again.locator('[data-view="solve"]').click()
    const solve = again.getByTestId('solve-start')
    await expect(solve.getByTestId('run-on-choice')).toHaveValue('queue')
    await expect(solve.getByTestId('run-on-url')).toHaveValue(
      `redis://:••••@127.0.0.1:${redis.port}`,
    )
    await expect(again.locator('body')).not.toContainText('e2e-secret-5')
    await solve.getByTestId('run-on-choice').selectOption('here')
    await expect(solve.getByTestId('run-on-url')).toBeHidden()
  } finally {
    await stopWorker(worker)
    await redis.stop()
  }
})

test('the queue address typed is the one a Solve runs on, without Enter, and the panel says where it ran', async ({
  workbench,
}) => {
  test.skip(missingRedis !== undefined, missingRedis)
  const redis = await startRedis()
  const worker = await startWorker(redis.url, '--jobs', '1')
  try {
    const { page } = workbench
    await page.locator('[data-view="solve"]').click()
    const panel = page.getByTestId('solve-start')
    await panel.getByTestId('solve-kind').selectOption('convex')
    const state = page.getByTestId('job-state')
    const place = page.getByTestId('job-place')

    await page.getByTestId('solve').click()
    await expect(state).toHaveAttribute('data-state', 'done')
    await expect(place).toHaveText(/^ran on this machine \(\d+ process(es)?\)$/)

    // The address typed, Solve pressed straight away: the job runs on that queue.
    await panel.getByTestId('run-on-choice').selectOption('queue')
    await panel.getByTestId('run-on-url').fill(redis.url)
    await page.getByTestId('solve').click()
    await expect(state).toHaveAttribute('data-state', 'done')
    await expect(place).toHaveText(`ran on the queue at ${redis.url}`)
    // Its tasks went through that Redis, to the worker.
    expect(Number(redis.cli('xlen', 'bull:puzzle-workbench:events'))).toBeGreaterThan(0)

    // Another address typed where nothing listens: the run goes there, and says so.
    const nobody = await freePort()
    await panel.getByTestId('run-on-url').fill(`redis://127.0.0.1:${nobody}`)
    await page.getByTestId('solve').click()
    await expect(state).toHaveAttribute('data-state', 'failed')
    await expect(state).toContainText(`cannot reach Redis at 127.0.0.1:${nobody}`)
    await expect(state).not.toContainText(String(redis.port))
  } finally {
    await stopWorker(worker)
    await redis.stop()
  }
})
