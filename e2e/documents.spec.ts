import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { AUTOSAVE_LIMITS, type AutosaveEntry } from '../shared/api/contract'
import {
  drawNewSet,
  drawPolygon,
  expect,
  latticeToScreen,
  nameSet,
  rectangle,
  test,
  triangle,
} from './fixtures'

test('opening a malformed file shows a clear error and leaves the open document alone', async ({
  workbench,
}) => {
  const { page } = workbench
  writeFileSync(
    join(workbench.files, 'broken.json'),
    '{\n  "name": "broken",\n  "pieces": [\n    { "name": "a", "polygon": [[0, 0], [1, 0]] ]\n}\n',
  )
  await expect(page.getByTestId('piece-row')).toHaveCount(5)
  const title = await page.getByTestId('doc-title').textContent()
  await workbench.openFile('broken.json')
  await expect(page.getByTestId('notice-error')).toContainText('broken.json: line 4, column')
  await expect(page.getByTestId('notice-error')).toContainText('not valid JSON')
  await expect(page.getByTestId('doc-title')).toHaveText(title!)
  await expect(page.getByTestId('piece-row')).toHaveCount(5)
})

test('undo and redo walk back and forth through drawing, moving and deleting', async ({
  workbench,
}) => {
  const { page } = workbench
  await drawNewSet(page, triangle(2), rectangle(1, 1, 4, 0))
  await expect(page.getByTestId('piece-row')).toHaveCount(2)
  // Move the square by dragging it with the select tool.
  await page.locator('[data-tool="select"]').click()
  const from = await latticeToScreen(page, 4.5, 0.5)
  const to = await latticeToScreen(page, 6.5, 2.5)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(to.x, to.y, { steps: 8 })
  await page.mouse.up()
  await page.keyboard.press('Delete')
  await expect(page.getByTestId('piece-row')).toHaveCount(1)
  await page.keyboard.press('Control+z')
  await expect(page.getByTestId('piece-row')).toHaveCount(2)
  await page.getByTestId('undo').click()
  await page.getByTestId('undo').click()
  await expect(page.getByTestId('piece-row')).toHaveCount(1)
  await page.keyboard.press('Control+Shift+z')
  await expect(page.getByTestId('piece-row')).toHaveCount(2)
  await page.getByTestId('redo').click()
  await page.getByTestId('redo').click()
  await expect(page.getByTestId('piece-row')).toHaveCount(1)
})

test('work left unsaved when the page closes comes back on the next visit, with its undo history', async ({
  workbench,
}) => {
  let page = workbench.page
  await drawNewSet(page, rectangle(3, 1))
  await nameSet(page, 'Unsaved work')
  await expect(page.getByTestId('doc-title')).toHaveText('Unsaved work •')
  // Autosaved after the last step (the name): the host lists the work under that name.
  const autosaved = async () =>
    ((await workbench.call('autosave.list')) as AutosaveEntry[]).map((e) => e.name)
  await expect.poll(autosaved).toContain('Unsaved work')
  page = await workbench.reopen()
  await expect(page.getByTestId('restore')).toContainText('Unsaved work')
  await page.getByTestId('restore-button').click()
  await expect(page.getByTestId('piece-row')).toHaveCount(1)
  await expect(page.getByTestId('doc-title')).toHaveText('Unsaved work •')
  // The steps taken before the page closed can be undone, and redone.
  await page.getByTestId('undo').click()
  await expect(page.getByTestId('doc-title')).toHaveText('Untitled •')
  await page.getByTestId('undo').click()
  await expect(page.getByTestId('piece-row')).toHaveCount(0)
  await page.getByTestId('redo').click()
  await page.getByTestId('redo').click()
  await expect(page.getByTestId('doc-title')).toHaveText('Unsaved work •')
  await expect(page.getByTestId('piece-row')).toHaveCount(1)
})

test('with the most autosaves kept, unsaved work says it is not autosaved; restoring one comes from the host on demand', async ({
  workbench,
}) => {
  // Earlier sessions' unsaved work, as many autosaves as the host keeps.
  // The last one damaged: its contents are not JSON.
  const earlier = (i: number) => ({
    id: `earlier-${i}`,
    name: `Earlier ${i}`,
    contents: JSON.stringify({ document: { name: `Earlier ${i}`, pieces: [], figures: [] } }),
  })
  for (let i = 0; i < AUTOSAVE_LIMITS.maxCount - 1; i++)
    await workbench.call('autosave.write', earlier(i))
  await workbench.call('autosave.write', { id: 'damaged', name: 'Damaged', contents: '{"docu' })
  let page = await workbench.reopen()
  await expect(page.getByTestId('restore-button')).toHaveCount(AUTOSAVE_LIMITS.maxCount)
  await drawNewSet(page, triangle(2))
  await expect(page.getByTestId('notice-error')).toContainText(
    `Not autosaved: the autosave of "Untitled": there are ${AUTOSAVE_LIMITS.maxCount} autosaves already`,
  )
  // The damaged one says so, changes nothing and stays offered, to be discarded.
  page = await workbench.reopen()
  const damaged = page.locator('.restore-item', { hasText: 'Damaged' })
  await damaged.getByTestId('restore-button').click()
  await expect(page.getByTestId('notice-error')).toHaveText(
    /Restoring failed: the autosave of "Damaged" is damaged \(not JSON\): it cannot be restored/,
  )
  await expect(page.getByTestId('restore-button')).toHaveCount(AUTOSAVE_LIMITS.maxCount)
  // Restoring one brings its document (read now) and keeps autosaving it under its own id.
  await page
    .locator('.restore-item', { hasText: 'Earlier 3' })
    .getByTestId('restore-button')
    .click()
  await expect(page.getByTestId('doc-title')).toHaveText('Earlier 3 •')
})

test('a figure drawn on a bundled set leaves the set unchanged: New asks nothing; a changed piece does ask', async ({
  workbench,
}) => {
  const { page } = workbench
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
  await page.locator('[data-view="figures"]').click()
  await drawPolygon(page, rectangle(4, 4))
  await expect(page.getByTestId('figure-row')).toHaveCount(1)
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
  await page.getByTestId('new').click()
  await expect(page.getByTestId('doc-title')).toHaveText('Untitled')
  await expect(page.getByTestId('confirm')).toHaveCount(0)

  // A piece of the set changed is a change: New asks, and undoing it takes the question back.
  await page.locator('[data-view="library"]').click()
  await page.getByTestId('set-tangram').getByRole('button', { name: 'Open' }).click()
  await page.getByTestId('piece-row').first().click()
  await page.getByTestId('piece-name').fill('big triangle')
  await page.getByTestId('piece-name').press('Enter')
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram •')
  await page.getByTestId('new').click()
  await expect(page.getByTestId('confirm')).toContainText('"Tangram" has unsaved changes')
  await page.getByTestId('confirm').getByRole('button', { name: 'Cancel' }).click()
  await page.getByTestId('undo').click()
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
})
