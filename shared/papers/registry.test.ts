import { describe, expect, it } from 'vitest'
import { PUBLISHED, reproduce } from './registry'

describe('published numbers', () => {
  const exact = PUBLISHED.filter((e) => e.compute && !e.reconstruction)
  it.each(exact.map((e) => [e.id, e] as const))('%s comes out of the program', (_, entry) => {
    const r = reproduce(entry)
    expect(r.error).toBeUndefined()
    expect(r.matches, `${entry.what}: published ${entry.published}, computed ${r.computed}`).toBe(
      true,
    )
  })

  it('recomputes the reconstructed statistics, three of four as published', () => {
    const results = PUBLISHED.filter((e) => e.reconstruction && e.id.startsWith('laeuchli')).map(
      reproduce,
    )
    expect(results.map((r) => [r.entry.published, r.computed])).toEqual([
      ['13616', '13616'],
      ['1451', '1451'],
      ['1326', '1326'],
      ['672', '684'],
    ])
  })

  it("reconstructs the Tait supplement with the paper's program: all eight as published", () => {
    const rows = PUBLISHED.filter((e) => e.id.startsWith('tait-supplement-'))
    expect(rows).toHaveLength(8)
    for (const r of rows.map(reproduce)) expect(r.computed).toBe(r.entry.published)
  })

  it('says why a number is not recomputed', () => {
    for (const e of PUBLISHED.filter((e) => !e.compute)) expect(e.note).toMatch(/^Not recomputed: /)
  })
})
