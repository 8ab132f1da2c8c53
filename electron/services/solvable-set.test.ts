import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { checkParams, type WorkbenchEvent } from '../../shared/api/contract'
import { documentFromJson, type WorkbenchDocument } from '../../shared/document/document'
import { InputError } from '../../shared/errors'
import { pieceSetSchema } from '../../shared/formats/schema'
import { analyzeShape } from '../../shared/pieces/shape'
import { piecesFromWire, solvableDocument, type SetWire } from '../../shared/pieces/solvable'
import tilings from '../worker/tasks/tilings'
import type { TilingInput, TilingSetup } from '../worker/protocol'
import type { AppWorkers } from './farm/app-workers'
import type { FarmTransport, SessionEvent } from './farm/transport'
import { nodeWorkers } from './node-worker'
import { runKinds } from './run/kinds'
import { RunService } from './run/run-service'
import { runTilings } from './tiling-job'

vi.mock('../../shared/pieces/shape', async (original) => {
  const shape = await original<typeof import('../../shared/pieces/shape')>()
  return { ...shape, analyzeShape: vi.fn(shape.analyzeShape) }
})

const analysed = () => vi.mocked(analyzeShape).mock.calls.length

/** What a worker does with a run's setup, counted: its shapes analysed, its file schema parsed. */
const inWorker = { analysed: 0, parsed: 0, prepared: 0 }

/**
 * A transport that runs the tiling worker's own code in this process, one task after another, so
 * that what a worker does with the set is seen here.
 */
const inProcess: FarmTransport = {
  workers: () => 1,
  open({ setup }) {
    const listeners: ((e: SessionEvent) => void)[] = []
    const emit = (e: SessionEvent) => listeners.forEach((l) => l(e))
    let state: ReturnType<typeof tilings.prepare> | undefined
    let chain = Promise.resolve()
    let closed = false
    return {
      capacity: 3,
      submit(task) {
        chain = chain.then(async () => {
          if (closed) return
          try {
            if (!state) {
              const [a, p] = [analysed(), parses()]
              state = tilings.prepare(setup as TilingSetup)
              inWorker.analysed += analysed() - a
              inWorker.parsed += parses() - p
              inWorker.prepared++
            }
            const result = await tilings.run(state, task.input as TilingInput, {
              progress: (fraction, detail) =>
                emit({ type: 'progress', task: task.id, fraction, detail }),
              item: (item) => emit({ type: 'item', task: task.id, item }),
            })
            emit({ type: 'done', task: task.id, result })
          } catch (e) {
            const input = e instanceof InputError
            emit({ type: 'error', task: task.id, message: (e as Error).message, input })
          }
        })
      },
      onEvent: (l) => void listeners.push(l),
      close: () => void (closed = true),
    }
  },
}

const schemaParse = vi.spyOn(pieceSetSchema, 'safeParse')
const parses = () => schemaParse.mock.calls.length

const tangram = (): WorkbenchDocument =>
  documentFromJson(JSON.parse(readFileSync('resources/sets/tangram.json', 'utf8')), 'tangram')

describe('the set of a solve', () => {
  it('is checked and its shapes analysed once in the host, and once per kind in a worker, never parsed as a file', async () => {
    const document = tangram()
    // The two small triangles drawn apart: one kind of two copies when solved.
    const small = document.pieces.findIndex((p) => p.count === 2)
    const pieces = [
      ...document.pieces.map((p, i) => (i === small ? { ...p, count: 1 } : p)),
      { ...document.pieces[small], id: 'p-apart', name: 'the other one', count: 1 },
    ]
    const events: WorkbenchEvent[] = []
    let ended: () => void = () => {}
    const done = new Promise<void>((resolve) => (ended = resolve))
    const workers = {
      runTransport: async () => ({ transport: inProcess, place: { kind: 'here' } }),
      pool: { refill: () => {}, pids: () => [] },
    } as unknown as AppWorkers
    const runs = new RunService(
      workers,
      (e) => {
        events.push(e)
        if (e.type === 'run.ended') ended()
      },
      runKinds(mkdtempSync(join(tmpdir(), 'pw-solvable-'))),
    )
    const request = checkParams('run.start', {
      kind: 'solve',
      params: { document: { ...document, pieces }, kind: 'convex', mode: 'reduce', list: false },
    })
    const [a0, p0] = [analysed(), parses()]
    await runs.start(request)
    await done
    const ending = events.find((e) => e.type === 'run.ended')
    expect(ending).toMatchObject({ outcome: 'done' })
    // Counts unchanged: the tangram's 13 convex figures of 142 tilings.
    const figures = events.flatMap((e) =>
      e.type === 'run.items' && e.kind === 'solve'
        ? e.items.flatMap((i) => ('done' in i ? [i.done] : []))
        : [],
    )
    expect(figures.reduce((n, f) => n + f.counts.solutions, 0)).toBe(142)
    expect(figures.filter((f) => f.counts.solutions > 0)).toHaveLength(13)
    // The host: each of the 6 pieces drawn analysed once; the worker: each of the 5 kinds once.
    expect(inWorker).toEqual({ analysed: 5, parsed: 0, prepared: 1 })
    expect(analysed() - a0 - inWorker.analysed).toBe(pieces.length)
    expect(parses() - p0).toBe(0)
  })

  it('refuses a malformed set in a worker in one line, as the run’s error', async () => {
    expect(() => piecesFromWire({ name: 'x', pieces: [{ name: 'a', count: 1 }] } as never)).toThrow(
      new InputError(
        "the run's piece set is not one this worker reads: piece 1 has no polygon of whole-number corners",
      ),
    )
    const { wire } = solvableDocument(tangram())
    const bad = { ...wire, pieces: [wire.pieces[0], { ...wire.pieces[1], count: 'two' }] }
    const run = runTilings({
      set: bad as unknown as SetWire,
      figures: [{ name: 'square', polygon: wire.pieces[0].polygon }],
      mode: 'reduce',
      list: false,
      transport: nodeWorkers(1),
    })
    await expect(run).rejects.toThrow(
      new InputError("the run's piece set is not one this worker reads: piece 2 has no count"),
    )
  })
})
