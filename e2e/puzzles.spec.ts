import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/** The Puzzles view on the tangram, its first search (ten figures built in one way) done. */
async function openPuzzles(page: Page) {
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
  await page.keyboard.press('Alt+p')
  // Searched at once: ten figures built in exactly one way, by default.
  const summary = page.getByTestId('puzzles-summary')
  await expect(summary).toHaveAttribute('data-found', '10', { timeout: 60_000 })
  return summary
}

test('Puzzles: the tangram’s figures with one solution, two solutions of one with several side by side, a booklet', async ({
  workbench,
}) => {
  const { page } = workbench
  const summary = await openPuzzles(page)
  await expect(summary).toContainText('10 figures built in exactly one way')
  const counted = Number(await summary.getAttribute('data-counted'))
  expect(counted).toBeGreaterThan(10)
  await expect(page.getByTestId('silhouette')).toHaveCount(counted)

  // Only those with exactly one solution.
  await page.locator('[data-filter="asked"]').click()
  await expect(page.getByTestId('silhouette')).toHaveCount(10)
  for (const n of await page
    .getByTestId('silhouette')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-solutions'))))
    expect(n).toBe('1')

  // A figure with several: two of them, each with the pieces the other lacks marked.
  await page.locator('[data-filter="several"]').click()
  const several = page.getByTestId('silhouette').first()
  expect(Number(await several.getAttribute('data-solutions'))).toBeGreaterThan(1)
  await several.click()
  await expect(page.getByTestId('puzzle-tilings')).toHaveAttribute('data-shown', '2')
  const tilings = page.getByTestId('puzzle-tiling')
  await expect(tilings).toHaveCount(2)
  for (const differ of await tilings.evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute('data-differ'))),
  )) {
    expect(differ).toBeGreaterThan(0)
    expect(differ).toBeLessThan(7)
  }
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('puzzle-chosen')).toHaveCount(0)

  // The booklet: the silhouettes, the solutions at the back.
  await workbench.saveAs('tangram-puzzles', () => page.getByTestId('puzzles-export').click())
  await expect(page.getByTestId('notice-info').last()).toContainText('Wrote the booklet (2 pages)')
  const text = execFileSync(
    'pdftotext',
    ['-raw', join(workbench.files, 'tangram-puzzles.pdf'), '-'],
    { encoding: 'utf8' },
  )
  expect(text).toContain('10 figures to build from all 7 pieces, each in exactly one way')
  expect(text).toContain('Solutions')

  // Convex: all 20 outlines counted, one built in exactly one way (the square).
  await page.getByTestId('puzzles-kind').selectOption('convex')
  await page.getByTestId('puzzles-search').click()
  await expect(page.getByTestId('puzzles-shortfall')).toHaveText(
    'only 1 convex figure built in exactly one way (all 20 convex outlines counted)',
  )
  await expect(summary).toHaveAttribute('data-counted', '13')

  // A long search shows its progress and stops at once: the figures counted so far stay.
  await page.getByTestId('puzzles-kind').selectOption('any')
  await page.getByTestId('puzzles-count').fill('1000')
  await page.getByTestId('puzzles-search').click()
  await expect(page.getByTestId('puzzles-progress')).toContainText(
    /of 1000 found, [1-9]\d* figures? counted/,
  )
  await page.getByTestId('puzzles-stop').click()
  await expect(page.getByText('The search was stopped.')).toBeVisible()
  await expect(page.getByTestId('puzzles-progress')).toHaveCount(0)
  await expect(page.getByTestId('puzzles-search')).toBeVisible()
  expect(await page.getByTestId('silhouette').count()).toBeGreaterThan(0)
})

test('Puzzles with pieces at 45°: figures off the lattice built in one way, a tiling shown, the booklet', async ({
  workbench,
}) => {
  const { page } = workbench
  const summary = await openPuzzles(page)
  await page.getByTestId('puzzles-turns45').check()
  // Grown at random only: the convex outlines are the lattice's.
  await expect(page.getByTestId('puzzles-kind').locator('option[value="convex"]')).toBeDisabled()
  await page.getByTestId('puzzles-count').fill('3')
  await page.getByTestId('puzzles-search').click()
  await expect(summary).toHaveAttribute('data-found', '3', { timeout: 60_000 })
  await expect(summary).toContainText('3 figures built in exactly one way')

  await page.locator('[data-filter="asked"]').click()
  const found = page.getByTestId('silhouette')
  await expect(found).toHaveCount(3)
  for (const n of await found.evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-solutions')),
  ))
    expect(n).toBe('1')
  // Its one tiling, the seven pieces in colour.
  await found.first().click()
  await expect(page.getByTestId('puzzle-chosen')).toContainText('exactly one solution')
  await expect(page.getByTestId('puzzle-tilings')).toHaveAttribute('data-shown', '1')
  await expect(page.getByTestId('puzzle-tiling')).toHaveCount(1)

  await workbench.saveAs('tangram-45', () => page.getByTestId('puzzles-export').click())
  await expect(page.getByTestId('notice-info').last()).toContainText('Wrote the booklet (2 pages)')
  const text = execFileSync('pdftotext', ['-raw', join(workbench.files, 'tangram-45.pdf'), '-'], {
    encoding: 'utf8',
  })
  expect(text).toContain('3 figures to build from all 7 pieces, each in exactly one way')
  expect(text).toContain('Solutions')
})
