import type { OutlineCase } from '../convex/convex'
import type { Point } from '../lattice/polygon'
import type { PieceKind, PlacedPiece } from '../tiling/problem'
import { prepareFigure, ruleOuts } from '../tiling/rule-out'
import { TilingSearch } from '../tiling/search'
import type { Candidate } from './candidates'

/** One outline a set makes: its number among the area's outlines, its tilings, the first one. */
export interface MadeOutline {
  /** Index into the area's outlines (`Candidates.outlines`). */
  readonly outline: number
  /** Tilings up to the outline's symmetries, identical pieces not told apart (the paper's). */
  readonly tilings: number
  /** The first tiling the search found, its pieces indexing `SetEvaluation.kinds`. */
  readonly tiling: readonly PlacedPiece[]
}

export interface SetEvaluation {
  /** The set's pieces, copies of one candidate merged into one kind. */
  readonly kinds: readonly SetKind[]
  readonly outlines: number
  readonly tilings: number
  readonly made: readonly MadeOutline[]
}

/**
 * Placements the tiling engine makes between two pauses: a few milliseconds, so that a caller
 * running the explorer in slices (the CLI's Ctrl-C) is never held up by one hard outline.
 */
const STEP_PLACEMENTS = 20_000

/** Why a set was left: it makes no tiling of `from`, or it cannot make the outlines needed. */
export type SetDropped = 'no dissection' | 'out of reach'

/**
 * What a set makes: every outline its pieces all fit in (`fits`) decided by the tiling engine,
 * those it makes counted. Decided first, in `order` (the outlines that fewest pieces fit in
 * first, where sets fail most), counted after: a set that cannot make `needed` outlines any more
 * (the best found so far) is dropped at once. Pauses (yields) every few thousand placements.
 */
export function* evaluateSet(
  pieces: readonly Candidate[],
  fits: bigint,
  outlines: readonly OutlineCase[],
  order: readonly number[],
  needed: number,
  from?: readonly Point[],
): Generator<void, SetEvaluation | SetDropped> {
  let possible = 0
  for (const i of order) if (fits & (1n << BigInt(i))) possible++
  if (possible < needed) return 'out of reach'
  const kinds = setKinds(pieces)
  const rules = ruleOuts(kinds)
  if (from) {
    const { problem, rejected } = prepareFigure(from, kinds, rules)
    if (rejected !== undefined || !problem) return 'no dissection'
    if (!(yield* firstTiling(new TilingSearch(problem, 'reduce')))) return 'no dissection'
  }
  const open: { outline: number; search: TilingSearch; tiling: readonly PlacedPiece[] }[] = []
  for (const i of order) {
    if (!(fits & (1n << BigInt(i)))) continue
    const { problem, rejected } = prepareFigure(outlines[i].polygon, kinds, rules)
    const search =
      rejected !== undefined || !problem ? undefined : new TilingSearch(problem, 'reduce')
    const tiling = search && (yield* firstTiling(search))
    if (search && tiling) open.push({ outline: i, search, tiling })
    else if (--possible < needed) return 'out of reach'
  }
  const made: MadeOutline[] = []
  for (const { outline, search, tiling } of open) {
    while (search.step(STEP_PLACEMENTS) !== 'done') yield
    made.push({ outline, tilings: search.counts.solutions, tiling })
  }
  made.sort((a, b) => a.outline - b.outline)
  return {
    kinds,
    outlines: made.length,
    tilings: made.reduce((s, m) => s + m.tilings, 0),
    made,
  }
}

/** A kind of piece in a set: a candidate and its copies, as the tiling engine takes it. */
export type SetKind = PieceKind & { readonly candidate: Candidate }

/** The pieces of a set (in candidate order, copies repeated) as kinds. */
export function setKinds(pieces: readonly Candidate[]): SetKind[] {
  const kinds: SetKind[] = []
  for (const p of pieces) {
    const last = kinds.at(-1)
    if (last?.candidate === p) kinds[kinds.length - 1] = { ...last, count: last.count + 1 }
    else kinds.push({ name: p.name, shape: p.shape(), count: 1, candidate: p })
  }
  return kinds
}

/** Runs a search to its first tiling, pausing; the tiling, or undefined if there is none. */
function* firstTiling(search: TilingSearch): Generator<void, readonly PlacedPiece[] | undefined> {
  for (;;) {
    const s = search.step(STEP_PLACEMENTS)
    if (s === 'solution') return search.solution().pieces
    if (s === 'done') return undefined
    yield
  }
}
