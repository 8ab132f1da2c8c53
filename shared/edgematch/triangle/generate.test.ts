import { describe, expect, it } from 'vitest'
import { TriangleBrute } from './brute'
import { generateUniqueTriangle } from './generate'

describe('generating triangle puzzles', () => {
  it.each([
    [2, 3, 1],
    [3, 4, 7],
    [3, 6, 11],
  ])(
    '%i rows, %i figures (seed %i): exactly one solution up to turning, by the brute force too',
    (rows, figures, seed) => {
      const g = generateUniqueTriangle(rows, figures, seed)
      expect(g).toBeDefined()
      expect(g!.puzzle.rows).toBe(rows)
      expect(g!.nodes).toBeGreaterThan(0)
      const brute = new TriangleBrute(rows, g!.puzzle.pieces).solve()
      expect(brute.upToRotation).toBe(1)
    },
  )
})
