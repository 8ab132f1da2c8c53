import { expect, test } from './fixtures'

/** One block of each colour, the stones together: the goal of Tait's problem. */
const sorted = (row: string) => /^_*(W+B+|B+W+)_*$/.test(row)

test("Tait's problem: the minimal sequences found, one animated to the end, the paper's table", async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="tait"]').click()

  // n = 5, one pair of empty cells: one sequence of five moves (the paper's example).
  await page.getByTestId('tait-n').fill('5')
  await page.getByTestId('tait-list').click()
  const summary = page.getByTestId('tait-summary')
  await expect(summary).toHaveAttribute('data-sequences', '1')
  await expect(summary).toHaveAttribute('data-moves', '5')
  const row = page.getByTestId('tait-row')
  await expect(row).toHaveAttribute('data-state', 'WBWBWBWBWB__')
  await page.getByTestId('tait-play').click()
  await expect(page.getByTestId('tait-step')).toHaveAttribute('data-step', '5', { timeout: 20_000 })
  expect(sorted((await row.getAttribute('data-state'))!)).toBe(true)
  // A move back and forward again by the keys.
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByTestId('tait-step')).toHaveAttribute('data-step', '4')
  expect(sorted((await row.getAttribute('data-state'))!)).toBe(false)

  // n = 8: 16 sequences, each one listed; choosing another shows its start.
  await page.getByTestId('tait-n').fill('8')
  await page.getByTestId('tait-list').click()
  await expect(summary).toHaveAttribute('data-sequences', '16')
  await expect(page.getByTestId('tait-sequences').locator('li')).toHaveCount(16)
  await page.getByTestId('tait-sequences').locator('li').nth(7).click()
  await expect(page.getByTestId('tait-step')).toHaveAttribute('data-step', '0')

  // Table 1 of the paper: n = 4 … 10 with one pair of empty cells.
  await page.getByTestId('tait-table-n').fill('10')
  await page.getByTestId('tait-table').click()
  const rows = page.getByTestId('tait-table-rows')
  const table1 = { 4: 1, 5: 1, 6: 1, 7: 2, 8: 16, 9: 32, 10: 96 }
  for (const [n, count] of Object.entries(table1))
    await expect(rows.locator(`tr[data-gaps="1"][data-n="${n}"]`)).toHaveAttribute(
      'data-sequences',
      String(count),
      { timeout: 30_000 },
    )
})

test('Tait: a long count shows its progress and stops at once', async ({ workbench }) => {
  const { page } = workbench
  await page.locator('[data-view="tait"]').click()
  // n = 20 takes half a minute or more: the bar shows the rows of the layer being worked through.
  await page.getByTestId('tait-n').fill('20')
  await page.getByTestId('tait-list').click()
  const bar = page.getByTestId('tait-progress-list')
  await expect(bar).toContainText(/n = 20, 1 pair: rows after move \d+ of 2\d/)
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/)
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(bar).toHaveCount(0)
  await expect(page.getByTestId('tait-list')).toBeEnabled()
  // What was listed before stays; nothing of n = 20 appears.
  await expect(page.getByTestId('tait-summary')).not.toContainText('n = 20')
})

test("Tait: where the supplementary table differs, the table says it is the paper's program", async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="tait"]').click()
  await page.getByTestId('tait-table-n').fill('7')
  await page.getByTestId('tait-table').click()
  const rows = page.getByTestId('tait-table-rows')
  // n = 7, two pairs: 9 minimal sequences, of which the paper's pruned program finds 4.
  const seven = rows.locator('tr[data-gaps="2"][data-n="7"]')
  await expect(seven).toHaveAttribute('data-sequences', '9')
  const paper = seven.locator('td[data-paper]')
  await expect(paper).toHaveAttribute('data-paper', 'program')
  await expect(paper).toContainText("4 the paper's program, not every minimal sequence")
  await expect(paper).toHaveAttribute(
    'title',
    /rebuilt, finds 4 here; every minimal sequence counted: 9/,
  )
  // Where the two agree, the number stands alone.
  const one = rows.locator('tr[data-gaps="1"][data-n="7"] td[data-paper]')
  await expect(one).toHaveAttribute('data-paper', 'same')
  await expect(one).toHaveText('2')
})
