import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BitCover } from './bitcover'
import { DancingLinks, type ExactCoverProblem } from './dlx'
import type { ExactCoverEngine } from './engine'

/**
 * Plain enumeration of exact covers with multiplicities: every subset of options, checked item by
 * item. Exponential, obviously right, independent of both engines.
 */
function bruteForce(p: ExactCoverProblem): Set<string> {
  const out = new Set<string>()
  const n = p.options.length
  for (let mask = 0; mask < 1 << n; mask++) {
    const use = new Array<number>(p.itemCount).fill(0)
    const chosen: number[] = []
    for (let k = 0; k < n; k++) {
      if (mask & (1 << k)) {
        chosen.push(k)
        for (const i of Array.from(p.options[k])) use[i]++
      }
    }
    let ok = true
    for (let i = 0; i < p.itemCount && ok; i++) {
      const want = i < p.primaryCount ? 1 : p.multiplicity[i - p.primaryCount]
      ok = use[i] === want
    }
    if (ok) out.add(chosen.join(','))
  }
  return out
}

function covers(engine: ExactCoverEngine, budget: number): string[] {
  const out: string[] = []
  for (;;) {
    const s = engine.run(budget)
    if (s === 'done') return out
    if (s === 'solution') out.push([...engine.solution()].sort((a, b) => a - b).join(','))
  }
}

/** Random problems: cells (primary), single pieces (primary), piece kinds with copies. */
const problems = fc
  .record({
    cells: fc.integer({ min: 1, max: 9 }),
    singles: fc.integer({ min: 0, max: 2 }),
    multis: fc.array(fc.integer({ min: 2, max: 3 }), { maxLength: 2 }),
    seed: fc.array(fc.integer({ min: 0, max: 1 << 30 }), { minLength: 14, maxLength: 14 }),
  })
  .map(({ cells, singles, multis, seed }): ExactCoverProblem => {
    const counters = singles + multis.length
    const options = seed.map((s) => {
      const items = new Set<number>([s % cells])
      for (let b = 0; b < cells; b++) if ((s >> (b + 8)) & 1 && (s >> 3) % 3 === 0) items.add(b)
      if (counters > 0 && (s >> 5) % 4 !== 0) items.add(cells + ((s >> 20) % counters))
      return [...items].sort((a, b) => a - b)
    })
    return {
      itemCount: cells + counters,
      primaryCount: cells + singles,
      cellCount: cells,
      multiplicity: multis,
      options,
    }
  })

describe('exact-cover engines', () => {
  it('dancing links, bitsets (fast and general paths) and stepping one node at a time agree with brute force', () => {
    fc.assert(
      fc.property(problems, (p) => {
        const expected = [...bruteForce(p)].sort()
        expect(covers(new DancingLinks(p), 1 << 30).sort()).toEqual(expected)
        expect(covers(new BitCover(p), 1 << 30).sort()).toEqual(expected)
        expect(covers(new BitCover(p, [], { general: true }), 1 << 30).sort()).toEqual(expected)
        expect(covers(new BitCover(p), 1).sort()).toEqual(expected)
        expect(covers(new BitCover(p, [], { general: true }), 1).sort()).toEqual(expected)
      }),
      { numRuns: 400, seed: 20261121 },
    )
  })

  it('options reaching 64 cells or more past their first cell fit only where all their cells are free', () => {
    // The fast path tests 64 cells from the first free one at once and the rest of a wider option
    // apart. A gap of up to 110 cells after a problem's first few cells, filled by one-cell
    // options, makes options that reach far beyond the window and meet there; the fillers are
    // forced, so the covers stay the same.
    const spread = fc.tuple(
      problems,
      fc.integer({ min: 1, max: 9 }),
      fc.integer({ min: 0, max: 110 }),
    )
    fc.assert(
      fc.property(spread, ([p, first, gap]) => {
        const cells = p.cellCount!
        const split = Math.min(first, cells)
        const at = (c: number) => (c < split ? c : c + gap)
        const fillers = Array.from({ length: gap }, (_, k) => [split + k])
        const wide: ExactCoverProblem = {
          itemCount: p.itemCount + gap,
          primaryCount: p.primaryCount + gap,
          cellCount: cells + gap,
          multiplicity: p.multiplicity,
          options: [
            ...Array.from(p.options, (o) => Array.from(o, (i) => at(i)).sort((x, y) => x - y)),
            ...fillers,
          ],
        }
        const expected = [...bruteForce(p)].sort()
        const original = (cover: string) =>
          cover
            .split(',')
            .filter((k) => Number(k) < p.options.length)
            .join(',')
        for (const budget of [1 << 30, 1]) {
          const got = covers(new BitCover(wide), budget).map(original).sort()
          expect(got).toEqual(expected)
        }
      }),
      { numRuns: 400, seed: 11 },
    )
  })

  it('prefixes split the search into parts whose covers add up to the whole', () => {
    fc.assert(
      fc.property(problems, (p) => {
        const expected = [...bruteForce(p)].sort()
        const branches = new BitCover(p).branch()?.options
        if (branches === undefined) return
        const parts = branches.flatMap((b) => covers(new BitCover(p, [b]), 1 << 30))
        expect(parts.sort()).toEqual(expected)
        const dlxParts = branches.flatMap((b) => covers(new DancingLinks(p, [b]), 1 << 30))
        expect(dlxParts.sort()).toEqual(expected)
      }),
      { numRuns: 300, seed: 7 },
    )
  })

  it('handles a known problem: Knuth’s example from "Dancing Links"', () => {
    // Items A..G; the unique cover is options 0 (C E F), 3 (A D), 4 (B G).
    const p: ExactCoverProblem = {
      itemCount: 7,
      primaryCount: 7,
      multiplicity: [],
      options: [
        [2, 4, 5],
        [0, 3, 6],
        [1, 2, 5],
        [0, 3],
        [1, 6],
        [3, 4, 6],
      ],
    }
    expect(covers(new DancingLinks(p), 1 << 30)).toEqual(['0,3,4'])
    expect(covers(new BitCover(p), 1 << 30)).toEqual(['0,3,4'])
  })

  it('estimates the tree size without disturbing the search', () => {
    let s = 1
    const random = () => (s = (s * 16807) % 2147483647) / 2147483647
    const p: ExactCoverProblem = {
      itemCount: 4,
      primaryCount: 4,
      multiplicity: [],
      options: [[0], [1], [2], [3], [0, 1], [2, 3]],
    }
    const e = new BitCover(p)
    // Every descent visits the root and a full binary-ish path; the mean is positive and finite.
    const est = e.estimateNodes(50, random)
    expect(est).toBeGreaterThan(1)
    expect(covers(e, 1 << 30).length).toBe(4)
  })
})

/**
 * Wide problems for the kernel's fit tables: up to 32 single pieces (the tables take four at a
 * time) and more than 64 options on the first cell (the fit test takes 64 at a time). `varying`
 * pieces are dealt over a region of cells many ways; the rest are forced, one cell each.
 */
function wideProblem(pieces: number, varying: number, extra: number, seed: number) {
  let s = seed
  const random = (n: number) => (s = (s * 16807) % 2147483647) % n
  const labels = Array.from({ length: pieces }, (_, i) => i)
  for (let i = pieces - 1; i > 0; i--) {
    const j = random(i + 1)
    ;[labels[i], labels[j]] = [labels[j], labels[i]]
  }
  const v = Math.min(pieces, varying)
  const free = labels.slice(0, v)
  const region = 2 * v + extra
  const cells = region + pieces - v
  const deal = (): number[][] => {
    const first = free[random(v)]
    const own = new Set([0])
    for (let k = random(v + 2); k > 0; k--) own.add(random(region))
    const others = free.filter((i) => i !== first)
    const rest = Array.from({ length: region }, (_, c) => c).filter((c) => !own.has(c))
    return [
      [...[...own].sort((x, y) => x - y), cells + first],
      ...others.map((piece, i) => [
        ...rest.filter((_, j) => Math.floor((j * others.length) / rest.length) === i),
        cells + piece,
      ]),
    ]
  }
  const dealt = Array.from({ length: 150 }, deal)
    .flat()
    .filter((o) => o[0] < cells)
  const options = [...new Set(dealt.map((o) => o.join(',')))].map((o) => o.split(',').map(Number))
  const forced = labels.slice(v).map((piece, i) => [region + i, cells + piece])
  const problem: ExactCoverProblem = {
    itemCount: cells + pieces,
    primaryCount: cells + pieces,
    multiplicity: [],
    options: [...options, ...forced],
  }
  return { problem, atFirst: options.filter((o) => o[0] === 0).length }
}

describe('the kernel on wide problems', () => {
  it('lists what dancing links lists with up to 32 single pieces and over 64 options on a cell', () => {
    let widest = 0
    for (const pieces of [1, 3, 8, 32])
      for (const varying of [1, 3, 5])
        for (const extra of [0, 6, 12]) {
          const { problem, atFirst } = wideProblem(
            pieces,
            varying,
            extra,
            777 + pieces * 31 + extra,
          )
          widest = Math.max(widest, atFirst)
          const want = covers(new DancingLinks(problem), 1 << 30).sort()
          expect(covers(new BitCover(problem), 1 << 30).sort()).toEqual(want)
        }
    expect(widest).toBeGreaterThan(64)
  })
})
