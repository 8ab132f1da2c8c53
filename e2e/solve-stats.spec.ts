import { cli } from '../electron/cli/run-cli'
import { expect, test } from './fixtures'

interface PrintedOutline {
  readonly name: string
  readonly rejected?: string
  readonly stats: { readonly tried: number; readonly placements: number }
}

test('the Solve view shows the counts and search statistics the command line prints', async ({
  workbench,
}) => {
  const { page } = workbench
  const printed = JSON.parse(cli('convex', 'tangram', '--json').out)
  await page.locator('[data-view="library"]').click()
  await page.getByTestId('set-tangram').getByRole('button', { name: 'Open' }).click()
  // Five kinds: the bundled set keeps the two copies of each triangle as one piece.
  await expect(page.getByTestId('piece-row')).toHaveCount(5)
  await page.getByTestId('solve-convex').click()
  await expect(page.getByTestId('job-state')).toContainText('done', { timeout: 60_000 })

  // Outline by outline: tried and fitted as the command line gives them (the app runs the
  // search on its worker processes, split into parts; the command line in one process).
  const rows = page.getByTestId('results').locator('tbody tr')
  await expect(rows).toHaveCount(20)
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent!.trim())),
  )
  const num = (n: number) => n.toLocaleString('en')
  expect(shown.map((r) => [r[1], r[4], r[5]])).toEqual(
    printed.outlines.map((o: PrintedOutline) => [
      o.name,
      o.rejected ? '' : num(o.stats.tried),
      o.rejected ? '' : num(o.stats.placements),
    ]),
  )
  // The progress ends on the run's totals.
  await expect(page.getByTestId('placements')).toHaveText(num(printed.stats.placements))
  await expect(page.getByTestId('solutions')).toHaveText(String(printed.solutions))
})
