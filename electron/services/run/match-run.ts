import type { MatchBoard, MatchProgress, MatchResult } from '../../../shared/api/run'
import { partsInOrder } from '../../../shared/edgematch/cards/solve'
import { ROUGH_AFTER_MS, searchClock } from '../../../shared/edgematch/progress'
import type { MatchInput, MatchSetup, MatchTaskResult } from '../../worker/protocol'
import { runFarm, type FarmProgress, type FarmTask } from '../farm/farm'
import type { FarmTransport } from '../farm/transport'

/** A search's progress with the time since it started, as the CLI's bar takes it. */
export type MatchRunProgress = MatchProgress & { readonly elapsedMs: number }

/**
 * An edge-matching search (cards or the triangle) on the task farm: its boards streamed (the
 * first `keep`), its progress with the time left. The result, or null when the signal stopped it.
 *
 * A search is one task, its time left from the share of the tree done (`searchClock`; a search
 * for one board has none), except a card count, which is planned first: searched whole if it is
 * small, else split into parts weighed by Knuth's probes (`planCardCount`), which go out heavy
 * ones first, in passes (`partsInOrder`), as tasks of their own, their counts summed, the time left from their weights through the
 * farm's `TimeLeft` (measured from the plan's end), as the tilings' is. One search's share of the
 * tree strayed over 2x from the time on framed 8 × 8 boards (1.69–3.56x); the weights keep within
 * 1.16–1.63x (in nodes; see `partsInOrder`).
 */
export async function runMatch(o: {
  readonly setup: MatchSetup
  readonly transport: FarmTransport
  readonly signal?: AbortSignal
  readonly onProgress?: (p: MatchRunProgress) => void
  readonly onItem?: (board: MatchBoard) => void
  readonly onNotice?: (line: string) => void
}): Promise<MatchResult | null> {
  const clock = searchClock()
  const t0 = performance.now()
  const planned = o.setup.puzzle === 'cards' && o.setup.goal === 'count'
  const count = new PartsCount()
  let result: MatchResult | undefined
  // The plan (or the one search) weighs nothing: the parts carry the weight, once they are known.
  const first: FarmTask<MatchInput> = {
    id: 'match',
    input: planned ? { plan: true } : null,
    weight: 0,
  }
  const outcome = await runFarm(
    {
      kind: 'match',
      setup: o.setup,
      tasks: [first],
      known: () => (count.parts > 0 ? 1 : 0),
      settled: () => count.settled(o.transport.workers()),
      onResult: (task, r) => {
        if (task.id === first.id) {
          if (!('split' in r)) return void (result = r)
          count.split(r.split.length)
          return {
            next: partsInOrder(r.split).map((part, k) => ({
              id: `part ${k + 1}`,
              input: { prefix: part.prefix },
              weight: part.weight,
            })),
          }
        }
        count.add(task.id, part(r))
      },
      onItem: (_, board) => o.onItem?.(board),
      onTaskProgress: (task, __, d) => {
        if (!d) return
        if (task.id !== first.id) return void count.running.set(task.id, d.nodes)
        const elapsedMs = performance.now() - t0
        o.onProgress?.(
          d.fraction === undefined
            ? { ...d, elapsedMs }
            : { found: d.found, ...clock(d.fraction, d.nodes, elapsedMs) },
        )
      },
    },
    {
      transport: o.transport,
      signal: o.signal,
      onNotice: o.onNotice,
      onProgress: (p) => count.parts > 0 && o.onProgress?.(count.progress(p)),
    },
  )
  if (outcome.error) throw outcome.error
  if (!outcome.complete) return null
  return result ?? count.result(performance.now() - t0)
}

/** Parts each process runs before the time left is measured (see `PartsCount.settled`). */
const WARM_PARTS = 2

/** A part's result, which a plan never is. */
function part(r: MatchTaskResult): MatchResult {
  if ('split' in r) throw new Error('a part of a card count was split again')
  return r
}

/** A split card count: its parts' counts summed, and its progress from their weights. */
export class PartsCount {
  parts = 0
  /** Parts ended. */
  private ended = 0
  /** Nodes of the parts running, by task. */
  readonly running = new Map<string, number>()
  private fixed = 0n
  private upToRotation = 0n
  private nodes = 0
  private placements = 0
  private identical: MatchResult['identical'] = []
  /** When the parts were known: a rough time left is measured from then. */
  private since = 0

  /**
   * Whether the time left may be measured: once the parts are known and as many have ended as
   * the first WARM_PARTS of each process. Solver processes run without on-stack replacement
   * (`SOLVER_V8_FLAGS`), so a process runs its first long searches unoptimized (0.7 µs a node
   * against 0.2 µs after, on framed 8 × 8 boards): a rate measured over them put the time left
   * 3.1–3.4x over the time it took (seed 2 of 5 figures); measured after them, 1.35–2.03x on
   * seeds 1–6, run to run times of one board varying 7–12 s on this machine.
   */
  settled(workers: number): boolean {
    return this.parts > 0 && this.ended >= Math.min(this.parts, WARM_PARTS * workers)
  }

  split(parts: number): void {
    this.parts = parts
    this.since = performance.now()
  }

  add(id: string, r: MatchResult): void {
    this.running.delete(id)
    this.ended++
    this.fixed += BigInt(r.fixed)
    this.upToRotation += BigInt(r.upToRotation)
    this.nodes += r.nodes
    this.placements += r.placements
    this.identical = r.identical
  }

  progress(p: FarmProgress): MatchRunProgress {
    let nodes = this.nodes
    for (const n of this.running.values()) nodes += n
    const base = { found: 0, nodes, fraction: p.fraction, elapsedMs: p.elapsedMs }
    if (p.etaSeconds !== undefined) return { ...base, etaSeconds: p.etaSeconds }
    // Before the time left is said, as one search says it: the plain extrapolation, roughly.
    const ms = performance.now() - this.since
    if (p.fraction <= 0 || p.fraction >= 1 || ms < ROUGH_AFTER_MS) return base
    return { ...base, roughSeconds: ((ms / 1000) * (1 - p.fraction)) / p.fraction }
  }

  result(ms: number): MatchResult {
    return {
      fixed: String(this.fixed),
      upToRotation: String(this.upToRotation),
      complete: true,
      nodes: this.nodes,
      placements: this.placements,
      ms,
      identical: this.identical,
      parts: this.parts,
    }
  }
}
