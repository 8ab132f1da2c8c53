import { describe, expect, it } from 'vitest'
import { turnCard, type Card } from './puzzle'
import { boardRotations, cardTypes, identicalGroups } from './symmetry'

describe('board rotations', () => {
  it.each([
    [1, 1],
    [2, 3],
    [3, 2],
    [3, 3],
    [4, 4],
    [1, 5],
  ])('%i × %i: each turn moves every cell centre by the geometric rotation', (rows, cols) => {
    const rotations = boardRotations(rows, cols)
    expect(rotations.map((g) => g.turns)).toEqual(rows === cols ? [0, 1, 2, 3] : [0, 2])
    for (const g of rotations) {
      const angle = (g.turns * Math.PI) / 2
      for (let cell = 0; cell < rows * cols; cell++) {
        // Centre of the cell relative to the board's centre, y up.
        const x = (cell % cols) + 0.5 - cols / 2
        const y = rows / 2 - (Math.floor(cell / cols) + 0.5)
        const rx = Math.round(2 * (x * Math.cos(angle) - y * Math.sin(angle))) / 2
        const ry = Math.round(2 * (x * Math.sin(angle) + y * Math.cos(angle))) / 2
        const target = (rows / 2 - ry - 0.5) * cols + (rx + cols / 2 - 0.5)
        expect(g.image[cell]).toBe(target)
      }
    }
  })
})

describe('identical cards', () => {
  it('groups cards equal up to turning and records the turn', () => {
    const a: Card = [
      ['x', 0],
      ['y', 1],
      ['z', 0],
      ['y', 0],
    ]
    const cards = [a, turnCard(a, 3), turnCard(a, 1), a]
    const other: Card = [
      ['x', 0],
      ['y', 0],
      ['z', 0],
      ['y', 1],
    ]
    const types = cardTypes([...cards, other])
    expect(types.map((t) => t.cards)).toEqual([[0, 1, 2, 3], [4]])
    for (const [k, card] of types[0].cards.entries())
      expect(turnCard(a, types[0].turns[k])).toEqual(cards[card])
    expect(identicalGroups([...cards, other]).map((t) => t.cards)).toEqual([[0, 1, 2, 3]])
  })

  it('a mirror image is not the same card: cards never flip', () => {
    const a: Card = [
      ['n', 0],
      ['w', 0],
      ['s', 0],
      ['e', 0],
    ]
    const mirrored: Card = [
      ['n', 0],
      ['e', 0],
      ['s', 0],
      ['w', 0],
    ]
    expect(identicalGroups([a, mirrored])).toEqual([])
  })
})
