import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/** The squares of the queens a board shows, as [row, column]. */
async function queensOn(page: Page, testId: string): Promise<[number, number][]> {
  const text =
    (await page.getByTestId(testId).getByTestId('queens-board').getAttribute('data-queens')) ?? ''
  return text
    .split(' ')
    .filter(Boolean)
    .map((s) => s.split(',').map(Number) as [number, number])
}

const attack = ([a, b]: [number, number], [c, d]: [number, number]) =>
  a === c || b === d || Math.abs(a - c) === Math.abs(b - d)

/** Plays the hinted move (or the first free square when the hint has none) until the end. */
async function playOut(page: Page, byHint: boolean): Promise<void> {
  const status = page.getByTestId('queens-status')
  for (let i = 0; i < 40; i++) {
    await expect(page.getByTestId('queens-status')).not.toHaveText(/Thinking|Solving/)
    if ((await status.getAttribute('data-winner')) !== '') return
    if (byHint) {
      await page.getByTestId('queens-hint').click()
      const mark = page.getByTestId('queens-hint-mark')
      await expect(mark).toBeVisible()
      const x = Number(await mark.getAttribute('x'))
      const y = Number(await mark.getAttribute('y'))
      await page
        .getByTestId('queens-game')
        .locator(`[data-square="${Math.round(y - 0.06)},${Math.round(x - 0.06)}"]`)
        .click()
    } else await page.getByTestId('queens-game').locator('rect.playable').first().click()
  }
  throw new Error('the game did not end')
}

test('queens: counts on the worker processes with cancel and resume, solutions, the chart, the game', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="queens"]').click()

  // Count n = 10, then stop n = 16 part-way and count it again: it resumes.
  const n = page.getByTestId('queens-count-n')
  await n.fill('10')
  await page.getByTestId('queens-count-start').click()
  const row10 = page.getByTestId('queens-counts').locator('tr[data-n="10"]')
  await expect(row10).toHaveAttribute('data-total', '724')
  await expect(row10).toHaveAttribute('data-unique', '92')
  await expect(row10).toContainText('equal')
  // The panel says where it ran (issue 28, point 2).
  await expect(page.getByTestId('queens-place')).toHaveText(
    /^\s*n = 10 ran on this machine \(\d+ process(es)?\)\s*$/,
  )

  await n.fill('17')
  await page.getByTestId('queens-count-start').click()
  await expect(page.getByTestId('queens-progress')).toBeVisible()
  await expect
    .poll(async () =>
      Number(await page.getByTestId('queens-progress').getAttribute('data-fraction')),
    )
    .toBeGreaterThan(0.05)
  await page.getByTestId('queens-count-cancel').click()
  await expect(page.getByTestId('queens-count-start')).toBeVisible()
  await expect(
    page.getByTestId('notice-info').filter({ hasText: 'Stopped counting n = 17' }),
  ).toBeVisible()
  await n.fill('17')
  await page.getByTestId('queens-count-start').click()
  const row17 = page.getByTestId('queens-counts').locator('tr[data-n="17"]')
  await expect(row17).toHaveAttribute('data-total', '95815104', { timeout: 60_000 })
  await expect(row17).toHaveAttribute('data-unique', '11977939')
  await expect(row17).toContainText('resumed')

  // The 12 solutions of 8 queens up to symmetry, and all 92: each board drawn is a solution.
  await page.getByTestId('queens-list-n').selectOption('8')
  await page.getByTestId('queens-list').click()
  await expect(page.getByTestId('queens-solution-index')).toHaveText('1 of 12 up to symmetry')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('queens-solution-index')).toHaveText('2 of 12 up to symmetry')
  await page.getByTestId('queens-unique').uncheck()
  await page.getByTestId('queens-list').click()
  await expect(page.getByTestId('queens-solution-index')).toHaveText('1 of 92 solutions')
  const queens = await queensOn(page, 'queens-solutions')
  expect(queens).toHaveLength(8)
  for (let i = 0; i < 8; i++)
    for (let j = i + 1; j < 8; j++) expect(attack(queens[i], queens[j])).toBe(false)

  // The article's chart for n = 13: 13 columns, the peak past 1.1 million at ten, 73,712 at 13.
  await page.getByTestId('queens-chart-n').selectOption('13')
  await page.getByTestId('queens-chart-run').click()
  const chart = page.getByTestId('queens-chart-svg')
  await expect(chart).toBeVisible()
  const counts = ((await chart.getAttribute('data-counts')) ?? '').split(' ').map(Number)
  expect(counts).toHaveLength(13)
  expect(counts[1]).toBe(132)
  expect(counts.indexOf(Math.max(...counts))).toBe(9)
  expect(counts[9]).toBeGreaterThan(1_100_000)
  expect(counts[12]).toBe(73712)

  // The game on 8 × 8, a first-player win: following the hints, you win.
  await page.getByTestId('queens-game-n').selectOption('8')
  await expect(page.getByTestId('queens-verdict')).toContainText('first player wins')
  await playOut(page, true)
  await expect(page.getByTestId('queens-status')).toHaveAttribute('data-winner', 'you')
  // Take back the last move: the game goes on.
  await page.keyboard.press('Control+z')
  await expect(page.getByTestId('queens-status')).toHaveAttribute('data-winner', '')

  // 10 × 10 is a second-player win: starting, you lose to the perfect player whatever you play.
  await page.getByTestId('queens-game-n').selectOption('10')
  await expect(page.getByTestId('queens-verdict')).toContainText('second player wins')
  await page.getByTestId('queens-hint').click()
  await expect(page.getByTestId('queens-hint-text')).toContainText('the computer wins')
  await playOut(page, false)
  await expect(page.getByTestId('queens-status')).toHaveAttribute('data-winner', 'computer')
})
