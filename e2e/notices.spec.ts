import { expect, test } from './fixtures'

test('notices expire, errors too; the pointer on one holds it; × dismisses it at once', async ({
  workbench,
}) => {
  const { page } = workbench
  const errors = page.getByTestId('notice-error')
  // Nothing to export yet: an error notice, which goes by itself.
  await page.keyboard.press('Control+e')
  await expect(errors).toContainText('no tilings of Tangram to export')
  await expect(errors).toHaveCount(0, { timeout: 60_000 })

  // Two errors: the one under the pointer stays while the other goes.
  await page.keyboard.press('Control+e')
  await page.keyboard.press('Control+e')
  await expect(errors).toHaveCount(2)
  const held = await errors.first().getAttribute('data-notice')
  await errors.first().hover()
  await expect(errors).toHaveCount(1, { timeout: 60_000 })
  await expect(errors).toHaveAttribute('data-notice', held!)
  await page.mouse.move(10, 10)
  await expect(errors).toHaveCount(0, { timeout: 60_000 })

  await page.keyboard.press('Control+e')
  await errors.getByTestId('notice-dismiss').click()
  await expect(errors).toHaveCount(0)
})
