import { expect, test } from './fixtures'

test('notices expire, errors too; the pointer on one holds it; × dismisses it at once', async ({
  workbench,
}) => {
  const { page } = workbench
  // An error notice stays 12 s: the page's clock is moved on rather than waited for.
  await page.clock.install()
  const later = () => page.clock.fastForward(13_000)
  const errors = page.getByTestId('notice-error')
  // Nothing to export yet: an error notice, which goes by itself.
  await page.keyboard.press('Control+e')
  await expect(errors).toContainText('no tilings of Tangram to export')
  await later()
  await expect(errors).toHaveCount(0)

  // Two errors: the one under the pointer stays while the other goes.
  await page.keyboard.press('Control+e')
  await page.keyboard.press('Control+e')
  await expect(errors).toHaveCount(2)
  const held = await errors.first().getAttribute('data-notice')
  await errors.first().hover()
  await later()
  await expect(errors).toHaveCount(1)
  await expect(errors).toHaveAttribute('data-notice', held!)
  await page.mouse.move(10, 10)
  await later()
  await expect(errors).toHaveCount(0)

  await page.keyboard.press('Control+e')
  await errors.getByTestId('notice-dismiss').click()
  await expect(errors).toHaveCount(0)
})
