import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { applyIsometry, translate } from '../shared/exact/geometry'
import { formatRoot2, parseRoot2, type Root2 } from '../shared/exact/root2'
import { exactFigureFromJson } from '../shared/formats/exact-figure'
import { interpretHpgl, parseHpgl } from '../shared/hpgl/parse'
import { expect, test } from './fixtures'

test('Pentagons: the tangram’s 53, filtered, a snug one’s tilings, a PDF sheet, figure files with exact corners', async ({
  workbench,
}) => {
  const { page } = workbench
  // Alt+0, with the other views' keys; the tangram is open at start.
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
  await page.keyboard.press('Alt+0')
  const summary = page.getByTestId('pentagons-summary')
  await expect(summary).toContainText('53 pentagons = 22 snug + 31 non-snug; 2 convex', {
    timeout: 60_000,
  })
  const cards = page.getByTestId('pentagon')
  await expect(cards).toHaveCount(53)
  await expect(page.getByTestId('pentagons-coverage')).toContainText('Takeuchi’s assumption')
  // A non-snug pentagon's sides in exact text.
  await expect(cards.and(page.locator('[data-number="23"]'))).toContainText(
    '4 − √2, 4, √2, 4 + 2√2, 2√2',
  )

  // The filters.
  const only = async (filter: string, n: number, attribute: string) => {
    await page.locator(`[data-filter="${filter}"]`).click()
    await expect(cards).toHaveCount(n)
    for (const value of await cards.evaluateAll(
      (els, a) => els.map((e) => e.getAttribute(a)),
      attribute,
    ))
      expect(value).toBe(filter === 'non-snug' ? 'false' : 'true')
  }
  await only('snug', 22, 'data-snug')
  await only('non-snug', 31, 'data-snug')
  await only('convex', 2, 'data-convex')

  // A snug pentagon: every one of its tilings listed, as many as the search counted.
  await page.locator('[data-testid="pentagon"][data-number="21"]').click()
  await expect(page.getByTestId('pentagon-tilings-count')).toHaveText(
    '16 tilings of the fixed figure, 8 up to its symmetries',
  )
  const listed = page.getByTestId('pentagon-tilings')
  await expect(listed).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
  await expect(listed).toHaveAttribute('data-listed', '16')
  await expect(page.getByTestId('pentagon-tiling')).toHaveCount(16)

  // The two convex ones as a PDF sheet, checked as text.
  await page.getByTestId('pentagons-export').click()
  await expect(page.getByRole('heading', { name: 'Export pentagons' })).toBeVisible()
  await page.getByTestId('export-format').selectOption('pdf')
  await expect(page.getByTestId('export-page')).toHaveText('page 1 of 1')
  await expect(page.getByTestId('export-preview')).toBeVisible()
  await workbench.saveAs('convex-pentagons', () => page.getByTestId('export-confirm').click())
  await expect(page.getByTestId('notice-info').last()).toContainText('Exported 2 pentagons')
  const pdf = join(workbench.files, 'convex-pentagons.pdf')
  expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-')
  const text = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' })
  expect(text).toContain('Tangram — pentagons')
  expect(text).toContain('2 pentagons = 2 snug + 0 non-snug; 2 convex')
  expect(text).toContain('Snug (all pieces on one lattice) — 2')

  // And to the plotter (into a file here): the two pentagons' lines, as HPGL. Ctrl+E exports
  // what the view shows.
  await page.keyboard.press('Control+e')
  await page.getByTestId('export-format').selectOption('hpgl')
  await page.getByTestId('open-plot').click()
  await page.getByTestId('plot-target').selectOption('file')
  await page.getByTestId('plot-file').fill('convex.hpgl')
  await page.getByTestId('plot-start').click()
  await expect(page.getByTestId('plot-progress')).toHaveAttribute('data-state', 'done')
  const drawn = interpretHpgl(parseHpgl(readFileSync(join(workbench.files, 'convex.hpgl'), 'utf8')))
  // Each pentagon: its outline's 5 sides, drawn double, and at least 6 edges between 7 pieces.
  expect(drawn.segments.length).toBeGreaterThanOrEqual(2 * (5 + 5 + 6))
  await page.keyboard.press('Escape')

  // Pentagon 23 (non-snug) saved as a figure file with exact corners.
  await page.locator('[data-filter="all"]').click()
  await page.locator('[data-testid="pentagon"][data-number="23"]').click()
  await workbench.saveAs('pentagon-23', () => page.getByTestId('pentagon-save').click())
  await expect(page.getByTestId('notice-info').last()).toContainText('Saved pentagon 23')
  const saved = JSON.parse(readFileSync(join(workbench.files, 'pentagon-23.json'), 'utf8'))
  expect(saved.polygon.flat().some((c: unknown) => typeof c === 'string' && c.includes('√2'))).toBe(
    true,
  )
  exactFigureFromJson(saved, 'pentagon-23.json')

  // The same figure turned by 135° and moved by (1/2, √2), opened: drawn, and known as 23.
  const read = (c: string | number): Root2 => parseRoot2(String(c))!
  const turned = translate(
    saved.polygon.map(([x, y]: [string, string]) =>
      applyIsometry({ turn: 3, mirror: false }, [read(x), read(y)]),
    ),
    parseRoot2('1/2')!,
    parseRoot2('√2')!,
  )
  writeFileSync(
    join(workbench.files, 'turned.json'),
    JSON.stringify({
      name: 'turned',
      polygon: turned.map(([x, y]) => [formatRoot2(x), formatRoot2(y)]),
    }),
  )
  const openFigure = () => page.getByTestId('pentagons-open-figure').click()
  await workbench.openFile('turned.json', openFigure)
  const figure = page.getByTestId('pentagon-figure')
  await expect(figure).toHaveAttribute('data-match', '23')
  await expect(figure).toContainText('congruent to pentagon 23')

  // A malformed one: one line naming the file and the vertex.
  writeFileSync(
    join(workbench.files, 'broken.json'),
    JSON.stringify({
      polygon: [
        [0, 0],
        ['2+√2/', 0],
        [0, 2],
      ],
    }),
  )
  await workbench.openFile('broken.json', openFigure)
  await expect(page.getByTestId('notice-error').last()).toHaveText(
    /^broken\.json: vertex 2: "2\+√2\/" is not an exact number/,
  )
  await expect(figure).toHaveCount(1)

  // A set the search does not take says why, in the view.
  await page.locator('[data-view="library"]').click()
  await page.getByTestId('set-pentominoes').getByRole('button', { name: 'Open' }).click()
  await expect(page.getByTestId('doc-title')).toHaveText('Pentominoes')
  await page.keyboard.press('Alt+0')
  await expect(page.getByTestId('pentagons-error')).toHaveText(
    /^Pentominoes: 12 pieces \(copies counted\) are too many for the pentagon search/,
  )
  await expect(cards).toHaveCount(0)
})
