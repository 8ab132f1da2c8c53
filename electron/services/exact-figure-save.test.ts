import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { exactRegionFromJson } from '../../shared/formats/exact-figure'
import { testWorkbench } from '../../testing/workbench'

/**
 * `exactFigure.save` with a region (issue 25 point 4: a figure composed of pieces that lie apart
 * or leave a hole) through the dispatcher, over the real services.
 */
const { workbench, files, close } = testWorkbench({})
afterAll(() => close())

const refused = async (params: unknown) => {
  const reply = await workbench.call('exactFigure.save', params)
  return reply.ok ? 'saved' : reply.error
}
/** The square from (lo, lo) to (hi, hi). */
const square = (lo: string, hi: string) => [
  [lo, lo],
  [hi, lo],
  [hi, hi],
  [lo, hi],
]

describe('exactFigure.save with parts', () => {
  it('writes a region as "polygons" in the figure-file notation, read back exactly', async () => {
    const reply = await workbench.call('exactFigure.save', {
      path: 'apart.json',
      name: 'apart',
      parts: [
        { outline: square('0', '1'), holes: [] },
        {
          outline: [
            ['2', '0'],
            ['2+√2/2', '√2/2'],
            ['2', '√2'],
          ],
          holes: [],
        },
      ],
    })
    expect(reply).toMatchObject({ ok: true, value: { path: join(files, 'apart.json') } })
    const file = JSON.parse(readFileSync(join(files, 'apart.json'), 'utf8'))
    expect(file.polygons[1].outline).toEqual([
      [2, 0],
      ['2+√2/2', '√2/2'],
      [2, '√2'],
    ])
    const figure = exactRegionFromJson(file, 'apart.json')
    expect(figure.name).toBe('apart')
    expect(figure.parts).toHaveLength(2)
  })

  it('refuses overlapping parts naming the file, and neither or both of corners and parts', async () => {
    expect(
      await refused({
        path: 'overlap.json',
        name: 'x',
        parts: [
          { outline: square('0', '1'), holes: [] },
          { outline: square('1/2', '3/2'), holes: [] },
        ],
      }),
    ).toBe('overlap.json: parts 1 and 2 overlap')
    expect(existsSync(join(files, 'overlap.json'))).toBe(false)
    expect(await refused({ path: 'x.json', name: 'x' })).toMatch(/give either corners or parts/)
    expect(
      await refused({
        path: 'x.json',
        name: 'x',
        corners: square('0', '1'),
        parts: [{ outline: square('0', '1'), holes: [] }],
      }),
    ).toMatch(/give either corners or parts/)
  })
})
