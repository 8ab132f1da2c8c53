import type { Results, WorkbenchEvent } from '../../shared/api/contract'
import type { WorkbenchDocument } from '../../shared/document/document'
import { InputError } from '../../shared/errors'
import {
  pentagonSearch,
  searchCoverage,
  type PentagonsResult,
} from '../../shared/pentagons/pentagons'
import type { PentagonSet } from '../../shared/pentagons/sheet'
import { pentagonsToText, type NumberedPentagon } from '../../shared/pentagons/wire'
import { solvablePieces } from './document-pieces'
import { runSliced } from './sliced-search'

/**
 * The pentagons of a piece set for the app (issue 12). The search runs in this process, in
 * slices (sliced-search.ts), so that the host keeps answering calls while it runs. Progress and
 * the end come as events; a cancel stops it at the end of the slice.
 *
 * The last few results are kept, so that an export or a plot can name pentagons by their numbers
 * instead of sending them back.
 */
const KEEP = 2

/**
 * The sets the app searches. Every split of the set into two groups is tried, so the work
 * doubles with each piece: 7 tans take a second or two, 10 tetraboloes half a minute, all 14
 * (8,192 splits at about three seconds each) hours.
 */
const PENTAGON_LIMITS = { pieces: 10, area: 200 } as const

interface Found {
  readonly set: PentagonSet
  readonly pentagons: readonly NumberedPentagon[]
}

export class PentagonsService {
  private next = 1
  private readonly running = new Map<string, AbortController>()
  private readonly found = new Map<string, Found>()

  constructor(private readonly emit: (e: WorkbenchEvent) => void) {}

  find(document: WorkbenchDocument): Results['pentagons.find'] {
    const { set, pieces } = searchable(document)
    const searchId = `pentagons-${this.next++}`
    const abort = new AbortController()
    this.running.set(searchId, abort)
    void this.run(searchId, set, pieces, abort.signal).finally(() => this.running.delete(searchId))
    return { searchId }
  }

  cancel(searchId: string): void {
    this.running.get(searchId)?.abort()
  }

  /** Pentagons of a finished search, by their numbers (from 1). */
  pentagons(searchId: string, numbers: readonly number[]): Found {
    const found = this.found.get(searchId)
    if (!found)
      throw new InputError(
        this.running.has(searchId)
          ? 'the pentagon search is still running: export when it has finished'
          : 'those pentagons are no longer kept: open the Pentagons view again to export them',
      )
    const chosen = [...new Set(numbers)].sort((a, b) => a - b)
    const missing = chosen.find((n) => n > found.pentagons.length)
    if (missing !== undefined)
      throw new InputError(
        `there is no pentagon ${missing}: the set makes ${found.pentagons.length}`,
      )
    return { set: found.set, pentagons: chosen.map((n) => found.pentagons[n - 1]) }
  }

  private async run(
    searchId: string,
    set: PentagonSet,
    pieces: Parameters<typeof pentagonSearch>[0],
    signal: AbortSignal,
  ): Promise<void> {
    const started = Date.now()
    const elapsedMs = () => Date.now() - started
    let result: PentagonsResult | undefined
    try {
      result = await runSliced(pentagonSearch(pieces), signal, (p) =>
        this.emit({
          type: 'pentagons.progress',
          searchId,
          ...p,
          fraction: (p.phase - 1 + (p.total > 0 ? p.done / p.total : 1)) / 4,
        }),
      )
    } catch (e) {
      this.emit({
        type: 'pentagons.ended',
        searchId,
        outcome: 'failed',
        error: (e as Error).message,
        elapsedMs: elapsedMs(),
      })
      return
    }
    if (!result) {
      this.emit({ type: 'pentagons.ended', searchId, outcome: 'cancelled', elapsedMs: elapsedMs() })
      return
    }
    const text = pentagonsToText(result, searchCoverage(pieces, result))
    this.found.set(searchId, {
      set,
      pentagons: result.pentagons.map((p, i) => ({ ...p, number: i + 1 })),
    })
    for (const id of this.found.keys()) if (this.found.size > KEEP) this.found.delete(id)
    this.emit({
      type: 'pentagons.ended',
      searchId,
      outcome: 'done',
      result: { ...text, set },
      elapsedMs: elapsedMs(),
    })
  }
}

/**
 * The document's pieces as the search takes them (congruent pieces merged into one, as every
 * count here does), or a one-line error: a piece off the lattice, a set too large.
 */
function searchable(document: WorkbenchDocument): {
  set: PentagonSet
  pieces: Parameters<typeof pentagonSearch>[0]
} {
  const { name, merged, pieces } = solvablePieces(document)
  const copies = pieces.reduce((n, p) => n + p.count, 0)
  if (copies > PENTAGON_LIMITS.pieces)
    throw new InputError(
      `${name}: ${copies} pieces (copies counted) are too many for the pentagon search, which takes at most ${PENTAGON_LIMITS.pieces}: it tries every split of the set into two groups, so each piece doubles the work`,
    )
  const area = pieces.reduce((n, p) => n + p.shape.area * p.count, 0)
  if (area > PENTAGON_LIMITS.area)
    throw new InputError(
      `${name}: the pieces cover ${area} half-squares; the pentagon search takes at most ${PENTAGON_LIMITS.area}`,
    )
  return {
    set: {
      name,
      pieces: merged.pieces.map((p) => ({ name: p.name, count: p.count, color: p.color })),
    },
    pieces,
  }
}
