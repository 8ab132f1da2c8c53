import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../shared/errors'
import { bundledSets } from './library'

const resources = fileURLToPath(new URL('../../resources', import.meta.url))

describe('the bundled sets', () => {
  it('are the eight shipped sets, sorted, with their counts', async () => {
    const sets = await bundledSets(resources)
    expect(sets.map((s) => s.id)).toEqual([
      'diaboloes',
      'hexominoes',
      'pentaboloes',
      'pentominoes',
      'tangram',
      'tetraboloes',
      'tetrominoes',
      'triaboloes',
    ])
    const byId = new Map(sets.map((s) => [s.id, s]))
    expect(byId.get('tangram')).toMatchObject({
      name: 'Tangram',
      pieces: 7,
      area: 16,
      outlines: 20,
    })
    expect(byId.get('pentominoes')).toMatchObject({ pieces: 12, area: 120, outlines: 164 })
    expect(byId.get('tetraboloes')).toMatchObject({ pieces: 14, area: 56, outlines: 63 })
    expect(byId.get('tangram')?.description).toMatch(/^The seven tans/)
    for (const s of sets) {
      expect(s.path).toBe(join(resources, 'sets', `${s.id}.json`))
      expect(existsSync(s.path)).toBe(true)
    }
  })

  it('are read once per folder', async () => {
    expect(await bundledSets(resources)).toBe(await bundledSets(join(resources, '.')))
  })

  it('come from the JSON files only, and a broken one names itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workbench-library-'))
    mkdirSync(join(dir, 'sets'))
    const square = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ]
    const set = { name: 'Squares', pieces: [{ name: 'square', polygon: square, count: 3 }] }
    writeFileSync(join(dir, 'sets', 'squares.json'), JSON.stringify(set))
    writeFileSync(join(dir, 'sets', 'README.txt'), 'not a set')
    expect(await bundledSets(dir)).toEqual([
      {
        id: 'squares',
        name: 'Squares',
        description: undefined,
        pieces: 3,
        area: 6,
        outlines: 7,
        path: join(dir, 'sets', 'squares.json'),
      },
    ])

    const broken = mkdtempSync(join(tmpdir(), 'workbench-library-'))
    mkdirSync(join(broken, 'sets'))
    writeFileSync(join(broken, 'sets', 'bad.json'), '{"name": "x"}')
    await expect(bundledSets(broken)).rejects.toThrow(InputError)
    await expect(bundledSets(broken)).rejects.toThrow(/^bad\.json: /)
  })
})
