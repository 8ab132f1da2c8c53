import { expect, latticeToScreen, test } from './fixtures'

// The small things of issue 28's point 14, each as a new user met it.

test("a Library card's outline count is the area's, and says so (the 19-outline set makes 19 of 20)", async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="library"]').click()
  await expect(page.getByTestId('set-explorer-7-19a').getByTestId('set-outlines')).toHaveText(
    '20 convex outlines of that area',
  )
})

test('Gallery: + and − change the thumbnails whenever the gallery is shown, not while typing in a field', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="figures"]').click()
  await page.getByTestId('solve-convex').click()
  await expect(page.getByTestId('job-state')).toContainText('done', { timeout: 60_000 })
  // Straight from the tab, no click into the gallery.
  await page.locator('[data-view="gallery"]').click()
  const size = page.getByTestId('thumb-size')
  const start = Number(await size.inputValue())
  await page.keyboard.press('+')
  await expect.poll(async () => Number(await size.inputValue())).toBeGreaterThan(start)
  await page.keyboard.press('-')
  await page.keyboard.press('-')
  await expect.poll(async () => Number(await size.inputValue())).toBeLessThan(start)
  const now = await size.inputValue()
  await page.getByTestId('show-empty').focus()
  await page.keyboard.press('+')
  await page.waitForTimeout(300)
  expect(await size.inputValue()).toBe(now)
})

test('an error goes away on another view, and a plot that succeeds clears the error of the try before', async ({
  workbench,
}) => {
  const { page } = workbench
  const errors = page.getByTestId('notice-error')
  await page.keyboard.press('Control+e')
  await expect(errors).toContainText('no tilings of Tangram to export')
  // The pointer on the error holds it (it would expire by itself); the view changes by key.
  await errors.hover()
  await page.keyboard.press('Alt+p')
  await expect(page.locator('[data-view="puzzles"]')).toHaveClass(/active/)
  await expect(errors).toHaveCount(0)

  await page.locator('[data-view="figures"]').click()
  await page.getByTestId('solve-convex').click()
  await expect(page.getByTestId('job-state')).toContainText('done', { timeout: 60_000 })
  await page.locator('[data-view="gallery"]').click()
  await page.getByTestId('export').click()
  await page.getByTestId('export-format').selectOption('hpgl')
  await page.getByTestId('open-plot').click()
  await page.getByTestId('plot-target').selectOption('file')
  await page.getByTestId('plot-file').fill('../plot.hpgl')
  await page.getByTestId('plot-start').click()
  await expect(errors).toContainText('outside the folder')
  await errors.hover()
  await page.getByTestId('plot-file').fill('plot.hpgl')
  await page.getByTestId('plot-file').press('Enter')
  await expect(page.getByTestId('plot-progress')).toHaveAttribute('data-state', 'done')
  await expect(errors).toHaveCount(0)
})

test("the Designer's estimate table fits its side panel: every column, the Status one too, in view and uncut", async ({
  workbench,
}) => {
  const { page } = workbench
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.locator('[data-view="designer"]').click()
  await page.getByTestId('estimate-start').click()
  await expect(page.getByTestId('estimate')).toHaveAttribute('data-state', 'done', {
    timeout: 60_000,
  })
  await page.getByTestId('estimate-table').locator('summary').click()
  const cut = await page.getByTestId('estimate-table').evaluate((table) => {
    const side = table.closest('aside')!
    const edge = side.clientLeft + side.getBoundingClientRect().left + side.clientWidth
    const out: string[] = []
    if (side.scrollWidth > side.clientWidth + 1) out.push(`the side panel scrolls sideways`)
    for (const c of Array.from(table.querySelectorAll('th, td'))) {
      const r = c.getBoundingClientRect()
      if (r.right > edge + 0.5)
        out.push(`"${c.textContent!.trim()}" ends ${Math.round(r.right - edge)} px past the panel`)
      if (c.scrollWidth > c.clientWidth + 1) out.push(`"${c.textContent!.trim()}" is cut`)
    }
    return out.slice(0, 8)
  })
  expect(cut).toEqual([])
})

test('switching to Select mid-polygon drops the unfinished outline from the canvas', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.getByTestId('new').click()
  const a = await latticeToScreen(page, 0, 0)
  const b = await latticeToScreen(page, 2, 0)
  await page.mouse.click(a.x, a.y)
  await page.mouse.click(b.x, b.y)
  await expect(page.getByTestId('draft')).toContainText('2 points')
  // The draft's blue line, read from the canvas halfway between the two points.
  const blue = () =>
    page.locator('.grid-canvas').evaluate(
      (host, at) => {
        const r = host.getBoundingClientRect()
        const ratio = window.devicePixelRatio
        return Array.from(host.querySelectorAll('canvas')).some((c) => {
          const [red, green, b] = c
            .getContext('2d')!
            .getImageData(
              Math.round((at.x - r.left) * ratio),
              Math.round((at.y - r.top) * ratio),
              1,
              1,
            ).data
          return b > 150 && red < 120 && green < 160
        })
      },
      { x: (a.x + b.x) / 2, y: a.y },
    )
  expect(await blue()).toBe(true)
  await page.locator('[data-tool="select"]').click()
  await expect.poll(blue).toBe(false)
})
