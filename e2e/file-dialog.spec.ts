import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from '@playwright/test'
import { expect, test } from './fixtures'

/** The tangram set under another name, as a file in the host's folder. */
function writeSet(path: string, name: string): void {
  const set = JSON.parse(readFileSync('resources/sets/tangram.json', 'utf8'))
  writeFileSync(path, JSON.stringify({ ...set, name }))
}

test("the browser host's file dialog: a path field, Up to the parent folder, Open's file name", async ({
  workbench,
}) => {
  const { page, files } = workbench
  mkdirSync(join(files, 'sub', 'deeper'), { recursive: true })
  writeSet(join(files, 'top.json'), 'Top set')
  writeSet(join(files, 'sub', 'inner.json'), 'Inner set')
  const dialog = page.getByTestId('file-dialog')
  const path = page.getByTestId('file-path')
  const up = page.getByTestId('file-up')
  const names = () =>
    dialog.getByTestId('file-entry').evaluateAll((es) => es.map((e) => e.getAttribute('data-name')))

  await page.getByTestId('open').click()
  await expect(path).toHaveValue(files)
  // At the host's folder there is no way further up.
  await expect(up).toBeDisabled()

  // A folder typed into the path field, relative to the one shown.
  await path.fill('sub')
  await path.press('Enter')
  await expect(path).toHaveValue(join(files, 'sub'))
  await expect.poll(names).toEqual(['deeper', 'inner.json'])
  await expect(up).toBeEnabled()
  await up.click()
  await expect(path).toHaveValue(files)
  await expect(up).toBeDisabled()
  await expect.poll(names).toEqual(['sub', 'top.json'])

  // Outside the host's folder: refused, in one line, and the listing stays.
  await path.fill('..')
  await path.press('Enter')
  await expect(dialog.getByTestId('file-error')).toHaveText(
    `${files}/..: outside the folder ${files}`,
  )
  await expect.poll(names).toEqual(['sub', 'top.json'])

  // A file's whole path pasted: its folder, the file chosen; Enter opens it.
  await path.fill(join(files, 'sub', 'inner.json'))
  await path.press('Enter')
  await expect(page.getByTestId('file-name')).toHaveValue('inner.json')
  await expect(page.getByTestId('file-name')).toBeFocused()
  await expect(dialog.locator('[data-name="inner.json"]')).toHaveClass(/active/)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('doc-title')).toHaveText('Inner set')

  // Open's file-name box: a name without its extension, from the folder shown.
  await page.getByTestId('open').click()
  await expect(path).toHaveValue(join(files, 'sub'))
  await up.click()
  await expect(path).toHaveValue(files)
  await page.getByTestId('file-name').fill('nothing')
  await page.getByTestId('file-name').press('Enter')
  await expect(dialog.getByTestId('file-error')).toHaveText(
    `${join(files, 'nothing')}: no such file or folder`,
  )
  await page.getByTestId('file-name').fill('top')
  await page.getByTestId('file-ok').click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('doc-title')).toHaveText('Top set')

  // A path in the box works as well; and Alt+↑ goes up as the button does.
  await page.getByTestId('open').click()
  await page.getByTestId('file-name').fill('sub/deeper')
  await page.getByTestId('file-name').press('Enter')
  await expect(path).toHaveValue(join(files, 'sub', 'deeper'))
  await expect(page.getByTestId('file-name')).toHaveValue('')
  await page.keyboard.press('Alt+ArrowUp')
  await expect(path).toHaveValue(join(files, 'sub'))
  await page.getByTestId('file-name').fill('inner.json')
  await page.getByTestId('file-name').press('Enter')
  await expect(page.getByTestId('doc-title')).toHaveText('Inner set')
})

/** A page whose host answers the first file listing 1.5 s late, as a loaded machine may. */
async function pageWithSlowListing(browser: Browser, url: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const held = new Set<number>()
  await page.routeWebSocket(/\/api/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((m) => {
      const call = JSON.parse(String(m)) as { id: number; method: string }
      if (call.method === 'files.list' && held.size === 0) held.add(call.id)
      server.send(m)
    })
    server.onMessage((m) => {
      const reply = JSON.parse(String(m)) as { id?: number }
      if (reply.id !== undefined && held.has(reply.id)) setTimeout(() => ws.send(m), 1500)
      else ws.send(m)
    })
  })
  await page.goto(url)
  await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
  return { context, page, held }
}

test('Enter in a file dialog whose folder is still being listed acts once the listing is there', async ({
  browser,
  workbench,
}) => {
  mkdirSync(join(workbench.files, 'slow'), { recursive: true })
  const { context, page, held } = await pageWithSlowListing(browser, workbench.url)
  await page.getByTestId('open').click()
  await page.getByTestId('file-name').fill('slow')
  await page.getByTestId('file-name').press('Enter')
  await expect(page.getByTestId('file-path')).toHaveValue(join(workbench.files, 'slow'))
  expect(held.size).toBe(1)
  await context.close()
})

test('a name typed in Save as while the folder is listed is kept when the listing arrives', async ({
  browser,
  workbench,
}) => {
  const { context, page, held } = await pageWithSlowListing(browser, workbench.url)
  await page.getByTestId('save').click()
  // Typed over the suggested name before the listing, and on after it.
  await page.getByTestId('file-name').pressSequentially('mine')
  await expect(page.getByTestId('file-path')).toHaveValue(workbench.files)
  await page.getByTestId('file-name').pressSequentially('-set')
  await page.getByTestId('file-name').press('Enter')
  await expect(page.getByTestId('notice-info')).toContainText('Saved')
  expect(held.size).toBe(1)
  expect(readdirSync(workbench.files)).toContain('mine-set.json')
  await context.close()
})
