import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures'

/** Chinese characters and kana, as shared/papers/cjk.ts counts them. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/gu

test('Papers names each document by author, title and year, never by its file', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="papers"]').click()
  const headings = {
    laeuchli:
      'Tangram – ein Puzzle-Problem für den Computer — P. Läuchli · Elemente der Mathematik 22, 73–96 · 1967',
    dreieckspuzzle:
      'Lösung Aufgabe 2 „Dreieckspuzzle“ — author not named · a write-up for the 39. Bundeswettbewerb Informatik, 1. Runde · 2020',
    'hib-smiley':
      'Das HIB Smiley-Puzzle — author not named · a programming lesson in Python · undated',
    damenproblem: 'Das Damenproblem — Jonathan Püttmann · 2020',
    'takeuchi-okuno':
      "N-queens game, TANGRAM & TAIT's problem — I. Takeuchi, H. Okuno · NTT Musashino Electrical Communication Laboratory · 1970s",
    'fox-epstein':
      'The Convex Configurations of “Sei Shonagon Chie no Ita,” Tangram, and Other Silhouette Puzzles with Seven Pieces — E. Fox-Epstein, K. Katsumata, R. Uehara · IEICE Trans. Fundamentals E99-A(6), 1084–1089 (arXiv:1407.1923) · 2016',
  }
  // One heading per document, its rows below it.
  for (const [id, text] of Object.entries(headings))
    await expect(page.locator(`[data-testid="paper-document"][data-document="${id}"]`)).toHaveText(
      text,
    )
  const ids = await page
    .getByTestId('paper-document')
    .evaluateAll((hs) => hs.map((h) => h.getAttribute('data-document')))
  expect(new Set(ids).size).toBe(ids.length)
  await expect(page.locator('[data-row="laeuchli-solutions"] td').first()).toHaveText('§7 and §8')
  await expect(page.locator('table.data')).not.toContainText(/\d{3}_[0-9a-f]{16}\.txt/)
})

test('the Japanese in Papers is drawn with the bundled CJK font, not as empty boxes', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="papers"]').click()
  await expect(page.locator('[data-row="queens-game-8"] td.num').first()).toHaveText('先手必勝')
  // Every element whose own text has Japanese, with how many such characters.
  const marked = await page.evaluate((source) => {
    const cjk = new RegExp(source, 'gu')
    let n = 0
    for (const el of Array.from(document.querySelectorAll('table.data *'))) {
      const own = Array.from(el.childNodes)
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent)
        .join('')
      const count = own.match(cjk)?.length ?? 0
      if (count > 0) {
        el.setAttribute('data-cjk', String(count))
        n++
      }
    }
    return n
  }, CJK.source)
  // The queens game's verdicts and their conventions, the Tait tables' places.
  expect(marked).toBeGreaterThanOrEqual(15)

  // Which fonts Chromium drew each one's text with: the bundled subset for every CJK glyph.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('DOM.enable')
  await cdp.send('CSS.enable')
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 })
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: '[data-cjk]',
  })
  expect(nodeIds).toHaveLength(marked)
  for (const nodeId of nodeIds) {
    const { attributes } = await cdp.send('DOM.getAttributes', { nodeId })
    const expected = Number(attributes[attributes.indexOf('data-cjk') + 1])
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
    const bundled = fonts.filter((f) => f.isCustomFont && f.familyName === 'Noto Sans CJK JP')
    expect(
      bundled.reduce((n, f) => n + f.glyphCount, 0),
      JSON.stringify(fonts),
    ).toBe(expected)
  }
})

test('the file dialog draws its icons instead of emoji', async ({ workbench }) => {
  const { page } = workbench
  mkdirSync(join(workbench.files, 'sub'))
  writeFileSync(join(workbench.files, 'sub', 'set.json'), '{}')
  await page.getByTestId('open').click()
  const entries = page.getByTestId('file-entry')
  await expect(entries).toHaveCount(1)
  await expect(entries.locator('svg[data-icon="dir"]')).toHaveCount(1)
  await entries.click()
  await expect(entries.locator('svg[data-icon="file"]')).toHaveCount(1)
  // Nothing in the dialog needs an emoji or symbol font.
  const text = await page.getByTestId('file-dialog').innerText()
  expect(text).not.toMatch(/[\u2190-\u2bff\u{1f000}-\u{1faff}]/u)
})
