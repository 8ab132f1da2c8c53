import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunEventOf, SilhouetteCandidate } from '../../shared/api/run'
import type { WorkbenchDocument } from '../../shared/document/document'
import { d4Matrix } from '../../shared/lattice/d4'
import { verifyTiling } from '../../shared/tiling/verify'
import { isExact } from '../../shared/silhouettes/offlattice'
import { bruteForce } from '../../testing/bruteforce'
import { needTools } from '../../testing/tools'
import { apiCalls, testWorkbench } from '../../testing/workbench'

/** The Puzzles panel's API (issue 14) through the dispatcher, over the real services. */
const { workbench, files, close } = testWorkbench({})
const { ok, refused, when, events } = apiCalls(workbench)
afterAll(close)
type Ended = Extract<RunEventOf<'silhouettes'>, { type: 'run.ended' }>
const until = (runId: string) =>
  when((e): e is Ended => e.type === 'run.ended' && e.runId === runId)
/** Every figure a search sent, in order. */
const candidates = (runId: string): SilhouetteCandidate[] =>
  events.flatMap((e) =>
    e.type === 'run.items' && e.kind === 'silhouettes' && e.runId === runId ? e.items : [],
  )
const find = (document: unknown, r: object = request) =>
  ok<{ runId: string }>('run.start', { kind: 'silhouettes', params: { document, request: r } })
const request = { kind: 'any', count: 12, unique: false, symmetric: false, seed: 2 } as const

let tangram: WorkbenchDocument
beforeAll(async () => {
  tangram = (await ok<{ document: WorkbenchDocument }>('library.open', { id: 'tangram' })).document
})

describe('run.start silhouettes', () => {
  it('sends every figure counted, with two tilings of one with several, and names those found', async () => {
    const { runId } = await find(tangram)
    const end = await until(runId)
    expect(end.outcome).toBe('done')
    const { found, set: document } = end.result!
    // The set as searched: the two large and the two small triangles merged.
    expect(document.pieces.map((p) => p.count)).toEqual([2, 1, 1, 1, 2])
    const sent = candidates(runId)
    expect(found).toHaveLength(12)
    expect(
      sent
        .filter((c) => c.asked)
        .map((c) => c.key)
        .sort(),
    ).toEqual([...found].sort())
    const pieces = document.pieces.map((p) => ({ polygon: p.polygon, count: p.count }))
    for (const c of sent) {
      if (isExact(c)) throw new Error('a figure off the lattice from a search on it')
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
    const { runId } = await find(tangram, { ...request, count: 3, unique: true })
    expect(await refused('export.booklet', { runId, path: 'early.pdf' })).toBe(
      `run ${runId} is still running: its results are there when it has finished`,
    )
    await until(runId)
    const r = await ok<{ files: string[]; pages: number }>('export.booklet', {
      runId,
      path: 'booklet.pdf',
    })
    expect(r).toEqual({ files: [join(files, 'booklet.pdf')], pages: 2 })
    const text = execFileSync('pdftotext', ['-raw', r.files[0], '-'], { encoding: 'utf8' })
    expect(text).toContain('3 figures to build from all 7 pieces, each in exactly one way')
  })

  it('stops at once when cancelled', async () => {
    const { runId } = await find(tangram, { ...request, count: 1000 })
    await ok('run.cancel', { runId })
    expect((await until(runId)).outcome).toBe('cancelled')
  })

  it('refuses a set too large, and a bad request, in one line', async () => {
    const big = (await ok<{ document: WorkbenchDocument }>('library.open', { id: 'pentaboloes' }))
      .document
    const refusedFind = (document: unknown, r: object) =>
      refused('run.start', { kind: 'silhouettes', params: { document, request: r } })
    expect(await refusedFind(big, request)).toBe(
      'Pentaboloes: 30 pieces (copies counted) are too many to count every figure exhaustively: at most 16',
    )
    expect(await refusedFind(tangram, { ...request, count: 0 })).toBe(
      'run.start: bad parameters (params.request.count: Too small: expected number to be >=1)',
    )
  })
})
