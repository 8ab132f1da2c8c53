import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures'

test('Pentagons: Open figure file… imports a silhouette drawn in SVG for the open set, saying what it snapped', async ({
  workbench,
}) => {
  const { page } = workbench
  copyFileSync('testing/svg/tangram-seven-pieces.svg', join(workbench.files, 'seven.svg'))
  copyFileSync('testing/svg/curved.svg', join(workbench.files, 'curved.svg'))
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
  await page.keyboard.press('Alt+0')
  const openFigure = () => page.getByTestId('pentagons-open-figure').click()
  await workbench.openFile('seven.svg', openFigure)
  await expect(page.getByTestId('notice-info').last()).toHaveText(
    /^Imported seven: unit 40\.\d+ drawing units \(from the set's area\); 23 edges snapped to 45° .*largest correction 0\.\d+ drawing units = 0\.\d % of the unit/,
  )
  const figure = page.getByTestId('pentagon-figure')
  await expect(figure).toHaveCount(1)
  await expect(figure).toContainText('seven')

  // A curve: one line naming the file, and nothing added.
  await workbench.openFile('curved.svg', openFigure)
  await expect(page.getByTestId('notice-error').last()).toContainText(
    'curved.svg: path 1: has a curve or an arc ("Q"): draw the silhouette with straight edges',
  )
  await expect(figure).toHaveCount(1)
})
