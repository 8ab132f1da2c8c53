import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../shared/errors'
import { setIndex } from '../cli/set-index'
import { bundledFigures, bundledSets } from './library'

const resources = fileURLToPath(new URL('../../resources', import.meta.url))

describe('the bundled sets', () => {
  it('are the eighteen shipped sets, sorted, with their counts (a ranged one as its range)', async () => {
    const sets = await bundledSets(resources)
    expect(sets.map((s) => s.id)).toEqual([
      'diaboloes',
      'explorer-11-20',
      'explorer-7-19a',
      'explorer-7-19b',
      'explorer-7-19c',
      'explorer-7-19d',
      'hexominoes',
      'one-sided-pentominoes',
      'pentaboloes',
      // By file name: "pentominoes-…" sorts before "pentominoes.json".
      'pentominoes-8x8-holes',
      'pentominoes-one-left-out',
      'pentominoes-two-parts',
      'pentominoes',
      'sei-shonagon',
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
    // Each pentomino 0 or 1 times: 0–12 pieces, no convex outlines claimed (convex refuses ranges).
    expect(byId.get('pentominoes-one-left-out')).toEqual(
      expect.objectContaining({ pieces: 12, area: 120, fewest: { pieces: 0, area: 0 } }),
    )
    expect(byId.get('pentominoes-one-left-out')).not.toHaveProperty('outlines')
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

describe('the bundled figures', () => {
  it('are the shipped figures, sorted, each with its outline and area', async () => {
    const figures = await bundledFigures(resources)
    expect(figures.map((f) => f.id)).toEqual([
      'rectangle-3x20',
      'rectangle-4x15',
      'rectangle-5x12',
      'rectangle-6x10',
      'tangram-notched-square',
      'tangram-right-trapezoid',
      'tangram-square',
    ])
    expect(figures.find((f) => f.id === 'tangram-square')).toEqual({
      id: 'tangram-square',
      name: 'tangram square',
      polygon: [
        [2, 0],
        [4, 2],
        [2, 4],
        [0, 2],
      ],
      area: 16,
    })
    expect(figures.find((f) => f.id === 'rectangle-6x10')).toMatchObject({
      name: 'rectangle 6 × 10',
      area: 120,
    })
  })

  it('keep a board with holes or parts as it is, its area less its holes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workbench-library-'))
    mkdirSync(join(dir, 'figures'))
    writeFileSync(
      join(dir, 'figures', 'ring.json'),
      '{"name": "ring", "cells": ["###", "#.#", "###"]}',
    )
    const [ring] = await bundledFigures(dir)
    expect(ring).toMatchObject({ id: 'ring', name: 'ring', area: 16 })
    expect(ring.polygon).toHaveLength(1)
    expect(ring.polygon[0]).toMatchObject({ holes: [expect.any(Array)] })
  })

  it('name the file of a broken one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workbench-library-'))
    mkdirSync(join(dir, 'figures'))
    writeFileSync(join(dir, 'figures', 'bent.json'), '{"polygon": [[0,0],[2,1],[0,1]]}')
    await expect(bundledFigures(dir)).rejects.toThrow(/^bent\.json: the figure /)
  })
})

describe('the index of the bundled sets', () => {
  it('is what the sets themselves give, every one of them', () => {
    const index = JSON.parse(readFileSync(join(resources, 'set-index.json'), 'utf8'))
    expect(index).toEqual(setIndex(resources))
    expect(index).toHaveLength(18)
  })
})
