import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/** Whatever sticks out past the right edge of the window (none: no horizontal scrollbar). */
function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const out: string[] = []
    if (document.documentElement.scrollWidth > width)
      out.push(`the page is ${document.documentElement.scrollWidth} px wide`)
    for (const el of Array.from(document.querySelectorAll('.top, .status, .main *'))) {
      const r = el.getBoundingClientRect()
      if (r.width > 0 && r.right > width + 0.5)
        out.push(`${el.tagName.toLowerCase()}.${el.className} ends at ${Math.round(r.right)} px`)
      else if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'auto')
        out.push(`${el.tagName.toLowerCase()}.${el.className} scrolls sideways`)
    }
    return out.slice(0, 5)
  })
}

test('at 1440 px every view fits the window: no sideways scrolling, Save as… and the status bar in view', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.locator('[data-view="matching"]').click()
  const bundled = page.getByTestId('match-bundled')
  const names = await bundled.locator('option:not([disabled])').allTextContents()
  expect(names.some((n) => n.includes('Dreieckspuzzle'))).toBe(true)
  for (const name of names) {
    await bundled.selectOption({ label: name })
    await expect(page.getByTestId('match-name')).toHaveValue(name)
    expect(await overflow(page), name).toEqual([])
  }
  // A long name in the top bar gives way (ellipsis) rather than pushing the bar out.
  await page.locator('[data-view="designer"]').click()
  await page.getByTestId('set-name').fill('A piece set with a long name, as a contest puzzle has')
  await page.getByTestId('set-name').press('Enter')
  for (const view of [
    'library',
    'designer',
    'figures',
    'solve',
    'gallery',
    'papers',
    'queens',
    'tait',
    'puzzles',
    'compare',
    'design',
  ]) {
    await page.locator(`[data-view="${view}"]`).click()
    expect(await overflow(page), view).toEqual([])
  }
  await expect(page.getByTestId('save-as')).toBeInViewport({ ratio: 1 })
  await expect(page.locator('.status')).toBeInViewport({ ratio: 1 })
})
