import { expect, test, writeCutTangram } from './fixtures'

test('Compare: the tangram beside a variant of the same area, outlines of only one and of both, a cell opened in the gallery', async ({
  workbench,
}) => {
  const { page } = workbench
  writeCutTangram(workbench.files)
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
  await page.keyboard.press('Alt+c')
  // The open set is there to start with; the variant comes from its file.
  await expect(page.getByTestId('compare-set')).toHaveCount(1)
  // A bundled set of another area: refused in one line, and taken off again.
  await page.getByTestId('compare-add-bundled').selectOption('tetraboloes')
  await expect(page.getByTestId('compare-set')).toHaveCount(2)
  await page.getByTestId('compare-start').click()
  await expect(page.getByTestId('compare-error')).toHaveText(
    'sets compare only when they cover the same area: Tangram 16, Tetraboloes 56 half-squares',
  )
  await page.getByTestId('compare-set').nth(1).getByTitle('Remove').click()
  await expect(page.getByTestId('compare-set')).toHaveCount(1)
  await workbench.openFile('cut-tangram.json', () => page.getByTestId('compare-add-file').click())
  await expect(page.getByTestId('compare-set')).toHaveCount(2)
  await page.getByTestId('compare-start').click()

  const rows = page.getByTestId('compare-totals').locator('tbody tr')
  await expect(rows).toHaveCount(2, { timeout: 60_000 })
  await expect(rows.nth(0)).toHaveAttribute('data-outlines', '13')
  await expect(rows.nth(0)).toHaveAttribute('data-tilings', '142')
  await expect(rows.nth(0)).toHaveAttribute('data-only', '0')
  const onlyCut = Number(await rows.nth(1).getAttribute('data-only'))
  expect(onlyCut).toBeGreaterThan(0)
  const outlines = page.getByTestId('compare-outline')
  await expect(outlines).toHaveCount(20)

  await page.locator('[data-filter="1"]').click()
  await expect(outlines).toHaveCount(onlyCut)
  for (const who of await outlines.evaluateAll((els) => els.map((e) => e.dataset.who)))
    expect(who).toBe('only-1')
  await page.locator('[data-filter="every"]').click()
  await expect(outlines).toHaveCount(13)
  await page.locator('[data-filter="0"]').click()
  await expect(outlines).toHaveCount(0)

  // The square's tilings by the tangram (the open set): in the gallery.
  await page.locator('[data-filter="every"]').click()
  const square = outlines.filter({ hasText: 'square' }).first()
  const cell = square.locator('[data-testid="compare-cell"][data-set="0"]')
  const n = await cell.getAttribute('data-solutions')
  await cell.click()
  await expect(page.getByTestId('gallery-count')).toContainText(`${n} tiling`)
})

test('Compare: two sets with long names, every count button holds its text within the card at 1280×720', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.keyboard.press('Alt+c')
  await page.getByTestId('compare-set').getByTitle('Remove').click()
  for (const id of ['explorer-7-19a', 'explorer-7-19b'])
    await page.getByTestId('compare-add-bundled').selectOption(id)
  await expect(page.getByTestId('compare-set')).toHaveCount(2)
  await page.getByTestId('compare-start').click()
  await expect(page.getByTestId('compare-outline')).toHaveCount(20, { timeout: 120_000 })
  const cut = await page.evaluate(() => {
    const out: string[] = []
    for (const el of Array.from(
      document.querySelectorAll('[data-testid="compare"] button, [data-testid="compare"] .pill'),
    )) {
      const card = el.closest('[data-testid="compare-outline"]') ?? el.parentElement!
      const r = el.getBoundingClientRect()
      const c = card.getBoundingClientRect()
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(
          `"${el.textContent!.trim()}": ${el.scrollWidth} px of text in ${el.clientWidth} px`,
        )
      else if (r.left < c.left - 0.5 || r.right > c.right + 0.5)
        out.push(`"${el.textContent!.trim()}" sticks out of its card`)
    }
    return out
  })
  expect(cut).toEqual([])
  // The counts still say whose tilings they are.
  await expect(page.getByTestId('compare-cell').first()).toContainText(
    '7 pieces, 19 convex outlines (a)',
  )
})
