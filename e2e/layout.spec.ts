import type { Page } from '@playwright/test'
import { expect, nameSet, test } from './fixtures'

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
  await nameSet(page, 'A piece set with a long name, as a contest puzzle has')
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

/**
 * What cannot be used at the window's size: controls outside the window that no scrolling of their
 * own panel brings in (clipped by an ancestor that does not scroll), and text cut or spilling past
 * its box (wider than the box, for a button, label, cell, heading or chip).
 */
function unusable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? (el as HTMLInputElement).value ?? '').trim().slice(0, 40)}"`
    const doc = document.documentElement
    if (doc.scrollWidth > doc.clientWidth) out.push(`the page is ${doc.scrollWidth} px wide`)
    if (doc.scrollHeight > doc.clientHeight) out.push(`the page is ${doc.scrollHeight} px high`)
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'
    }
    const controls = Array.from(
      document.querySelectorAll('.app button, .app input, .app select, .app textarea, .app label'),
    ).filter(shown)
    for (const el of controls) {
      // Scrolls every scrolling ancestor (its own panel) to bring it in, as a user would.
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' })
      // Scrolling the whole page does not count: it takes the top bar away.
      window.scrollTo(0, 0)
      // Nor does a box that hides its overflow: a script can scroll it, the user cannot.
      let hidden = false
      for (let a = el.parentElement; a; a = a.parentElement) {
        const s = getComputedStyle(a)
        const scrolls = (o: string) => o === 'auto' || o === 'scroll'
        if (!scrolls(s.overflowX) && a.scrollLeft !== 0) [hidden, a.scrollLeft] = [true, 0]
        if (!scrolls(s.overflowY) && a.scrollTop !== 0) [hidden, a.scrollTop] = [true, 0]
      }
      const r = el.getBoundingClientRect()
      let box = { left: 0, top: 0, right: doc.clientWidth, bottom: doc.clientHeight }
      for (let a = el.parentElement; a; a = a.parentElement) {
        const s = getComputedStyle(a)
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue
        const ar = a.getBoundingClientRect()
        box = {
          left: Math.max(box.left, ar.left),
          top: Math.max(box.top, ar.top),
          right: Math.min(box.right, ar.right),
          bottom: Math.min(box.bottom, ar.bottom),
        }
      }
      if (
        r.left < box.left - 1 ||
        r.top < box.top - 1 ||
        r.right > box.right + 1 ||
        r.bottom > box.bottom + 1 ||
        hidden
      )
        out.push(`${name(el)} cannot be brought into view`)
    }
    const texts = Array.from(
      document.querySelectorAll(
        '.app button, .app label, .app th, .app td, .app h1, .app h2, .app h3, .app h4, .app .pill, .app .chip, .app .tabs, .app .actions',
      ),
    ).filter(shown)
    // A panel that scrolls sideways hides half of what it holds.
    for (const el of Array.from(document.querySelectorAll('.app *')).filter(shown))
      if (
        el.scrollWidth > el.clientWidth + 1 &&
        ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)
      )
        out.push(`${name(el)} scrolls sideways`)
    for (const el of texts)
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline')
        out.push(`${name(el)} is cut: ${el.scrollWidth} px of text in ${el.clientWidth} px`)
    return out.slice(0, 12)
  })
}

test('at 1280×720 every view is usable: every control in view or in its own scrolling panel, no text cut', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.setViewportSize({ width: 1280, height: 720 })
  const views = await page
    .locator('.tabs [data-view]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-view')!))
  expect(views.length).toBeGreaterThanOrEqual(13)
  const problems: string[] = []
  for (const view of views) {
    // Each view opened at that size, and opened in a larger window made smaller (a canvas sized
    // once must follow).
    for (const resized of [false, true]) {
      if (resized) await page.setViewportSize({ width: 1440, height: 900 })
      await page.locator(`[data-view="${view}"]`).click()
      await expect(page.locator(`[data-view="${view}"]`)).toHaveClass(/active/)
      if (resized) await page.setViewportSize({ width: 1280, height: 720 })
      // Lazily drawn parts (canvases, lists) settle.
      await page.waitForTimeout(300)
      const at = resized ? `${view} (made smaller)` : view
      problems.push(...(await unusable(page)).map((p) => `${at}: ${p}`))
    }
  }
  expect(problems).toEqual([])
  await expect(page.getByTestId('save-as')).toBeInViewport({ ratio: 1 })
})
