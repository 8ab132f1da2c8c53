import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseCards } from '../shared/edgematch/cards/format'
import { solveCards } from '../shared/edgematch/cards/solve'
import { formatTrianglePuzzle } from '../shared/edgematch/triangle/parse'
import { randomPuzzle } from '../shared/edgematch/triangle/random'
import { seededRandom } from '../shared/random'
import { expect, test } from './fixtures'

const EXAMPLE = (k: number) => `shared/edgematch/triangle/examples/puzzle${k}.txt`

test('edge matching: the HIB cards solved and browsed, a card edited and undone, printed and saved', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="matching"]').click()
  await expect(page.getByTestId('match-name')).toHaveValue('HIB smiley puzzle')
  await expect(page.getByTestId('doc-title')).toHaveText('HIB smiley puzzle')
  await expect(page.getByTestId('match-pieces').locator('figure')).toHaveCount(9)
  await expect(page.getByTestId('match-identical')).toContainText('3 = 8')

  const counts = page.getByTestId('match-counts')
  await page.getByTestId('match-solve').click()
  await expect(counts).toHaveAttribute('data-fixed', '16')
  await expect(counts).toHaveAttribute('data-up-to-rotation', '4')
  await expect(page.getByTestId('match-index')).toHaveText('board 1 of 16')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('match-index')).toHaveText('board 2 of 16')
  await page.getByTestId('match-one-each').check()
  await expect(page.getByTestId('match-index')).toHaveText('board 1 of 4')
  await expect(page.getByTestId('match-board')).toBeVisible()

  // Identical cards taken as one: half as many boards.
  await page.getByTestId('match-identical-as-one').check()
  await page.getByTestId('match-solve').click()
  await expect(counts).toHaveAttribute('data-fixed', '8')
  await expect(counts).toHaveAttribute('data-up-to-rotation', '2')
  await page.getByTestId('match-identical-as-one').uncheck()

  // Card 1's north edge shows the other half: the set no longer comes out; undo brings it back.
  await page.getByTestId('piece-1').locator('[data-side="0"]').click()
  await expect(page.getByTestId('match-selected')).toContainText('Piece 1, north: rot, half 0')
  await page.keyboard.press('h')
  await expect(page.getByTestId('match-selected')).toContainText('Piece 1, north: rot, half 1')
  await expect(counts).toContainText('The puzzle changed since')
  await page.keyboard.press('Enter')
  await expect(counts).toHaveAttribute('data-fixed', '0')
  await expect(counts).toContainText('No solution')
  await page.keyboard.press('Control+z')
  await expect(page.getByTestId('match-selected')).toContainText('rot, half 0')
  await page.keyboard.press('Enter')
  await expect(counts).toHaveAttribute('data-fixed', '16')

  // Printed: the cards to cut out, and the board shown on page 2.
  await workbench.saveAs('hib-print', () => page.getByTestId('match-print').click())
  await expect(page.getByTestId('notice-info').last()).toContainText('Printed')
  const text = execFileSync('pdftotext', ['-raw', join(workbench.files, 'hib-print.pdf'), '-'], {
    encoding: 'utf8',
  })
  expect(text).toContain('Cut out the cards along their edges.')
  expect(text).toContain('HIB smiley puzzle: a solution')

  // Saved as a card file that reads back to the same 16 boards.
  await workbench.saveAs('my-cards')
  await expect(page.getByTestId('notice-info').last()).toContainText('Saved')
  const saved = parseCards(readFileSync(join(workbench.files, 'my-cards.json'), 'utf8'), 'saved')
  expect(solveCards(saved).counts).toEqual({ fixed: 16n, upToRotation: 4n })
})

test('edge matching: a contest triangle file, a generated puzzle with one solution, kept across a reload', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="matching"]').click()
  await expect(page.getByTestId('match-name')).toHaveValue('HIB smiley puzzle')
  await page.getByTestId('match-bundled').selectOption('triangle/puzzle3')
  await expect(page.getByTestId('match-size')).toContainText('3 rows, 9 triangles')
  await page.getByTestId('match-solve').click()
  const counts = page.getByTestId('match-counts')
  await expect(counts).toHaveAttribute('data-fixed', '3')
  await expect(counts).toHaveAttribute('data-up-to-rotation', '1')

  // A contest file opened from disk; a broken one is refused, naming the file, line and problem.
  writeFileSync(join(workbench.files, 'puzzle1.txt'), readFileSync(EXAMPLE(1)))
  writeFileSync(join(workbench.files, 'broken.txt'), '3\n9\n1 2 3\n1 -1\n')
  await workbench.openFile('broken.txt')
  await expect(page.getByTestId('notice-error').last()).toContainText('broken.txt, line 4')
  await expect(page.getByTestId('match-size')).toContainText('3 rows, 9 triangles')
  await workbench.openFile('puzzle1.txt')
  await expect(page.getByTestId('match-name')).toHaveValue('puzzle1')
  await page.getByTestId('match-solve').click()
  await expect(counts).toHaveAttribute('data-fixed', '12')
  await expect(counts).toHaveAttribute('data-up-to-rotation', '4')

  await page.getByTestId('gen-kind').selectOption('cards')
  await page.getByTestId('gen-rows').fill('3')
  await page.getByTestId('gen-cols').fill('3')
  await page.getByTestId('gen-figures').fill('4')
  await page.getByTestId('gen-frame').fill('0')
  await page.getByTestId('gen-seed').fill('1')
  await page.getByTestId('gen-start').click()
  await expect(page.getByTestId('match-generated')).toContainText('exactly one solution')
  await expect(counts).toHaveAttribute('data-up-to-rotation', '1')
  await expect(page.getByTestId('match-name')).toHaveValue(/^Cards 3 × 3, 4 figures \(seed 1\)$/)

  // The puzzle survives the window closing unsaved.
  const again = await workbench.reopen()
  await again.locator('[data-view="matching"]').click()
  await expect(again.getByTestId('match-name')).toHaveValue('Cards 3 × 3, 4 figures (seed 1)')
  await again.getByTestId('match-solve').click()
  await expect(again.getByTestId('match-counts')).toHaveAttribute('data-up-to-rotation', '1')
})

test('edge matching: the palette keeps its order through edits, so the keys 1–9 keep their meaning', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="matching"]').click()
  await expect(page.getByTestId('match-name')).toHaveValue('HIB smiley puzzle')
  const palette = page.getByTestId('match-palette').locator('[data-figure]')
  const order = () =>
    palette.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-figure')))
  expect(await order()).toEqual(['rot', 'gelb', 'blau', 'gruen'])
  const selected = page.getByTestId('match-selected')
  await page.getByTestId('piece-1').locator('[data-side="0"]').click()
  await expect(selected).toContainText('Piece 1, north: rot, half 0')
  // Card 1's north edge takes blau (key 3): blau is now the first figure on the cards.
  await page.keyboard.press('3')
  await expect(selected).toContainText('Piece 1, north: blau, half 0')
  expect(await order()).toEqual(['rot', 'gelb', 'blau', 'gruen'])
  await page.keyboard.press('1')
  await expect(selected).toContainText('Piece 1, north: rot, half 0')
  await page.keyboard.press('4')
  await expect(selected).toContainText('Piece 1, north: gruen, half 0')
  await page.keyboard.press('Control+z')
  await page.keyboard.press('Control+z')
  expect(await order()).toEqual(['rot', 'gelb', 'blau', 'gruen'])
  await expect(selected).toContainText('Piece 1, north: blau, half 0')

  // The puzzle comes back after the window closes with its undo history: blau can be undone.
  const again = await workbench.reopen()
  await again.locator('[data-view="matching"]').click()
  await again.getByTestId('piece-1').locator('[data-side="0"]').click()
  await expect(again.getByTestId('match-selected')).toContainText('Piece 1, north: blau, half 0')
  await again.getByTestId('undo').click()
  await expect(again.getByTestId('match-selected')).toContainText('Piece 1, north: rot, half 0')
  await again.getByTestId('redo').click()
  await expect(again.getByTestId('match-selected')).toContainText('Piece 1, north: blau, half 0')
})

test('edge matching: a long count shows how far it has come and the time left, and Esc stops it', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="matching"]').click()
  await expect(page.getByTestId('match-name')).toHaveValue('HIB smiley puzzle')
  // A random triangle of 6 rows and 13 figures: a count of a minute or two (345 million nodes),
  // whose time left is said once 5 % of its tree is done at a steady rate.
  const puzzle = randomPuzzle(6, 13, 'built', seededRandom(1))
  writeFileSync(join(workbench.files, 'random6.txt'), formatTrianglePuzzle(puzzle))
  await workbench.openFile('random6.txt')
  await expect(page.getByTestId('match-size')).toContainText('6 rows, 36 triangles')
  await page.getByTestId('match-solve').click()
  const progress = page.getByTestId('match-progress')
  await expect(progress).toContainText('% of the search', { timeout: 20_000 })
  await expect(page.getByTestId('match-nodes')).toContainText('search nodes')
  // On the task farm, where the Run on setting says: this machine's worker processes.
  await expect(page.getByTestId('match-place')).toContainText(/on this machine \(\d+ process/)
  await expect(progress).toContainText(/about .+ left/, { timeout: 60_000 })
  await expect(page.getByRole('progressbar')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('match-busy')).toBeHidden()
})
