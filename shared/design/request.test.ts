import { describe, expect, it } from 'vitest'
import { checkDesignRequest, inAppWords } from './request'

describe("the set explorer's request", () => {
  it('is refused with the option named: the command line’s flag, or in the app the field', () => {
    const refusal = () => {
      try {
        checkDesignRequest({ area: 6, pieces: 2, top: 1, maxPieceArea: 2 })
      } catch (e) {
        return (e as Error).message
      }
    }
    expect(refusal()).toBe(
      '--max-piece-area 2: 2 pieces of at most 2 half-squares cover at most 4, not 6',
    )
    expect(inAppWords(refusal()!)).toBe(
      'Largest piece 2: 2 pieces of at most 2 half-squares cover at most 4, not 6',
    )
    expect(inAppWords('limit the pieces with --max-piece-area; --top, --from, --pieces')).toBe(
      'limit the pieces with Largest piece; Best, Cut from, Pieces',
    )
  })
})
