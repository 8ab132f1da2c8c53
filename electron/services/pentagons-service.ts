import type { Results, WorkbenchEvent } from '../../shared/api/contract'
import type { WorkbenchDocument } from '../../shared/document/document'
import type { SetWire } from '../../shared/pieces/solvable'
import { InputError } from '../../shared/errors'
import { searchCoverage, type SetPiece } from '../../shared/pentagons/pentagons'
import type { PentagonSet } from '../../shared/pentagons/sheet'
import { pentagonsToText, type NumberedPentagon } from '../../shared/pentagons/wire'
import { solvablePieces } from './document-pieces'
import type { AppWorkers } from './farm/app-workers'
import type { FarmTransport } from './farm/transport'
import { runPentagons } from './pentagons-run'
import { Runs } from './runs'

/**
 * The pentagons of a piece set for the app (issue 12), on the app's workers (its processes or
 * the queue, as the user chose: pentagons-run.ts). Progress and the end (with where it ran) come
 * as events; a cancel stops it at once.
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
  private readonly runs: Runs
  private readonly found = new Map<string, Found>()

  constructor(
    workers: AppWorkers,
    private readonly emit: (e: WorkbenchEvent) => void,
  ) {
    this.runs = new Runs('pentagons', workers)
  }

  find(document: WorkbenchDocument): Results['pentagons.find'] {
    const searched = searchable(document)
    const searchId = this.runs.start(
      (id, transport, signal) => this.run(id, searched, transport, signal),
      (searchId, end) => this.emit({ type: 'pentagons.ended', searchId, ...end }),
    )
    return { searchId }
  }

  cancel(searchId: string): void {
    this.runs.cancel(searchId)
  }

  /** Pentagons of a finished search, by their numbers (from 1). */
  pentagons(searchId: string, numbers: readonly number[]): Found {
    const found = this.found.get(searchId)
    if (!found)
      throw new InputError(
        this.runs.isRunning(searchId)
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

  /** The pentagons as the end event carries them, kept to be named by number. */
  private async run(
    searchId: string,
    { set, pieces, wire }: Searchable,
    transport: FarmTransport,
    signal: AbortSignal,
  ) {
    const result = await runPentagons({
      pieces,
      wire,
      transport,
      signal,
      onProgress: (p) => this.emit({ type: 'pentagons.progress', searchId, ...p }),
    })
    if (!result) return undefined
    this.found.set(searchId, {
      set,
      pentagons: result.pentagons.map((p, i) => ({ ...p, number: i + 1 })),
    })
    for (const id of this.found.keys()) if (this.found.size > KEEP) this.found.delete(id)
    return { ...pentagonsToText(result, searchCoverage(pieces, result)), set }
  }
}

interface Searchable {
  readonly set: PentagonSet
  readonly pieces: readonly SetPiece[]
  /** The pieces as the workers take them. */
  readonly wire: SetWire
}

/**
 * The document's pieces as the search takes them (congruent pieces merged into one, as every
 * count here does), or a one-line error: a piece off the lattice, a set too large.
 */
function searchable(document: WorkbenchDocument): Searchable {
  const { name, merged, pieces, wire } = solvablePieces(document)
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
    wire,
  }
}
