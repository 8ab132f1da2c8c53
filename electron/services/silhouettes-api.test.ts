import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SilhouetteCandidate, WorkbenchEvent } from '../../shared/api/contract'
import type { WorkbenchDocument } from '../../shared/document/document'
import { d4Matrix } from '../../shared/lattice/d4'
import { verifyTiling } from '../../shared/tiling/verify'
import { bruteForce } from '../../testing/bruteforce'
import { needTools } from '../../testing/tools'
import { apiCalls, testWorkbench } from '../../testing/workbench'

/** The Puzzles panel's API (issue 14) through the dispatcher, over the real services. */
const { workbench, solver, files } = testWorkbench({})
const { ok, refused, when, events } = apiCalls(workbench)
afterAll(() => solver.close())
type Ended = Extract<WorkbenchEvent, { type: 'silhouettes.ended' }>
const until = (searchId: string) =>
  when((e): e is Ended => e.type === 'silhouettes.ended' && e.searchId === searchId)
/** Every figure a search sent, in order. */
const candidates = (searchId: string): SilhouetteCandidate[] =>
  events.flatMap((e) =>
    (e.type === 'silhouettes.progress' || e.type === 'silhouettes.ended') && e.searchId === searchId
      ? (e.candidates ?? [])
      : [],
  )
const request = { kind: 'any', count: 12, unique: false, symmetric: false, seed: 2 } as const

let tangram: WorkbenchDocument
beforeAll(async () => {
  tangram = (await ok<{ document: WorkbenchDocument }>('library.open', { id: 'tangram' })).document
})

describe('silhouettes.find', () => {
  it('sends every figure counted, with two tilings of one with several, and names those found', async () => {
    const { searchId, document } = await ok<{ searchId: string; document: WorkbenchDocument }>(
      'silhouettes.find',
      { document: tangram, request },
    )
    // The set as searched: the two large and the two small triangles merged.
    expect(document.pieces.map((p) => p.count)).toEqual([2, 1, 1, 1, 2])
    const end = await until(searchId)
    expect(end.outcome).toBe('done')
    const sent = candidates(searchId)
    expect(end.found).toHaveLength(12)
    expect(
      sent
        .filter((c) => c.asked)
        .map((c) => c.key)
        .sort(),
    ).toEqual([...end.found!].sort())
    const pieces = document.pieces.map((p) => ({ polygon: p.polygon, count: p.count }))
    for (const c of sent) {
      const b = bruteForce(c.polygon, pieces)
      expect([c.counts.solutions, c.counts.fixed]).toEqual([b.solutions, b.fixed])
      for (const t of c.tilings)
        expect(
          verifyTiling(
            c.polygon,
            document.pieces,
            t.map((p) => ({ piece: p.piece, matrix: d4Matrix(p.g), dx: p.dx, dy: p.dy })),
          ),
        ).toBeUndefined()
      expect(c.tilings).toHaveLength(Math.min(2, c.counts.solutions))
      if (c.counts.solutions > 1) expect(c.differ![0].length).toBeGreaterThan(0)
    }
  })

  it('makes a booklet of what a finished search found', async (context) => {
    needTools(context, 'pdftotext')
    const { searchId } = await ok<{ searchId: string }>('silhouettes.find', {
      document: tangram,
      request: { ...request, count: 3, unique: true },
    })
    expect(await refused('export.booklet', { searchId, path: 'early.pdf' })).toBe(
      'the search for figures is still running: make the booklet when it has finished',
    )
    await until(searchId)
    const r = await ok<{ files: string[]; pages: number }>('export.booklet', {
      searchId,
      path: 'booklet.pdf',
    })
    expect(r).toEqual({ files: [join(files, 'booklet.pdf')], pages: 2 })
    const text = execFileSync('pdftotext', ['-raw', r.files[0], '-'], { encoding: 'utf8' })
    expect(text).toContain('3 figures to build from all 7 pieces, each in exactly one way')
  })

  it('stops at once when cancelled', async () => {
    const { searchId } = await ok<{ searchId: string }>('silhouettes.find', {
      document: tangram,
      request: { ...request, count: 1000 },
    })
    await ok('silhouettes.cancel', { searchId })
    expect((await until(searchId)).outcome).toBe('cancelled')
  })

  it('refuses a set too large, and a bad request, in one line', async () => {
    const big = (await ok<{ document: WorkbenchDocument }>('library.open', { id: 'pentaboloes' }))
      .document
    expect(await refused('silhouettes.find', { document: big, request })).toBe(
      'Pentaboloes: 30 pieces (copies counted) are too many to count every figure exhaustively: at most 16',
    )
    expect(
      await refused('silhouettes.find', { document: tangram, request: { ...request, count: 0 } }),
    ).toBe('silhouettes.find: bad parameters (request.count: Too small: expected number to be >=1)')
  })
})
