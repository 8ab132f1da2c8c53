import type { MatchBoard, MatchProgress, MatchResult, RunParams } from '../../shared/api/run'
import type { UnitInput, UnitOutcome } from '../../shared/design/unit'
import type { CardPart } from '../../shared/edgematch/cards/solve'
import type { Budget, Spent } from '../../shared/edgematch/draws'
import type { GeneratedPuzzle, PuzzleRequest } from '../../shared/edgematch/generate'
import type { GrowthProgress } from '../../shared/pieces/polyforms'
import type { Point } from '../../shared/lattice/polygon'
import type { FigureShape } from '../../shared/lattice/region'
import type { TaitProgress } from '../../shared/tait/count'
import type { QueensTask } from '../../shared/queens/count'
import type { SetWire } from '../../shared/pieces/solvable'
import type { GroupWire, PentagonWire } from '../../shared/pentagons/wire'
import type { CandidateOutcome, SilhouetteRequest } from '../../shared/silhouettes/search'
import type { OffOptions } from '../../shared/offlattice/search'
import type {
  OffFigureText,
  OffPieceText,
  OffResultText,
  RingText,
} from '../../shared/offlattice/wire'
import type { PuzzleFigure } from '../../shared/silhouettes/offlattice'
import type { PlacedPiece } from '../../shared/tiling/problem'
import type { SymmetryMode, TilingCounts, TilingStats } from '../../shared/tiling/search'

/**
 * Messages between the task farm (electron/services/farm) and a farm worker process. A worker is
 * told about a job once (its kind and setup: the piece set, the board size…), then receives the
 * job's tasks, a few in hand, and answers each with progress, streamed items (tilings as found)
 * and its result. A job's end lets the worker forget it; the process stays for the next job.
 * Cancelling kills the process: a worker never has to be interrupted politely. Every reply names
 * its job, so that nothing of an earlier job is taken for the current one's.
 */
export type ToFarmWorker =
  | { readonly type: 'job'; readonly job: string; readonly kind: KindName; readonly setup: unknown }
  | { readonly type: 'task'; readonly job: string; readonly task: string; readonly input: unknown }
  | { readonly type: 'forget'; readonly job: string }

export type FromFarmWorker =
  | {
      readonly type: 'progress'
      readonly job: string
      readonly task: string
      /** Of the task, in [0, 1]. */
      readonly fraction: number
      readonly detail?: unknown
    }
  | { readonly type: 'item'; readonly job: string; readonly task: string; readonly item: unknown }
  | { readonly type: 'done'; readonly job: string; readonly task: string; readonly result: unknown }
  /** `input`: the task refused its input (an InputError), not a failure of the worker. */
  | {
      readonly type: 'error'
      readonly job: string
      readonly task: string
      readonly message: string
      readonly input: boolean
    }

/** What one kind of job's tasks take and give: setup (once per job), input and result per task. */
interface Kind<Setup, Input, Result, Item = never, Detail = never> {
  readonly setup: Setup
  readonly input: Input
  readonly result: Result
  /** Streamed while a task runs, before its result. */
  readonly item: Item
  /** Passed on with a task's progress. */
  readonly detail: Detail
}

/** The kinds of job the farm runs. */
export interface FarmKinds {
  readonly tilings: Kind<TilingSetup, TilingInput, TilingResult, TilingItem, TilingDetail>
  readonly queens: Kind<{ readonly n: number }, QueensTask, QueensResult>
  readonly tait: Kind<TaitSetup, { readonly moves: number }, TaitPassResult, never, TaitProgress>
  readonly puzzle: Kind<PuzzleSetup, null, GeneratedPuzzle, never, Spent>
  readonly match: Kind<MatchSetup, MatchInput, MatchTaskResult, MatchBoard, MatchDetail>
  readonly trace: Kind<TraceSetup, null, { steps: PlacedPiece[][]; solved: boolean }>
  readonly reproduce: Kind<{ readonly id: string }, null, ReproduceResult>
  readonly candidates: Kind<CandidatesSetup, null, string, never, GrowthProgress>
  readonly explore: Kind<ExploreSetup, UnitInput, UnitOutcome>
  readonly compare: Kind<CompareSetup, CompareInput, readonly TilingCounts[]>
  readonly pentagons: Kind<{ readonly set: SetWire }, PentagonsInput, PentagonsOutput>
  readonly silhouettes: Kind<SilhouettesSetup, SilhouettesInput, SilhouettesOutput>
  readonly offlattice: Kind<OffLatticeSetup, OffLatticeInput, readonly OffResultText[]>
}

export type KindName = keyof FarmKinds
export type SetupOf<K extends KindName> = FarmKinds[K]['setup']
export type InputOf<K extends KindName> = FarmKinds[K]['input']
export type ResultOf<K extends KindName> = FarmKinds[K]['result']
export type ItemOf<K extends KindName> = FarmKinds[K]['item']
export type DetailOf<K extends KindName> = FarmKinds[K]['detail']

/**
 * A tiling run: the piece set (its kinds of piece, as the host checked and merged them), its figures, and what to do
 * with each: `estimate` its search (the rule-outs, Knuth's estimate and the speed of a short
 * search), find its `first` tiling, or `count` (and with `list`, stream) every tiling.
 */
export interface TilingSetup {
  readonly set: SetWire
  readonly figures: readonly FigureShape[]
  readonly mode: SymmetryMode
  readonly goal: 'estimate' | 'first' | 'count'
  readonly list: boolean
}

/**
 * A task of a tiling run, each of one figure: `plan` it (rule it out, or estimate its search and
 * search it whole if small, else say its estimate); `split` it once the run goes on (into `parts`,
 * or search it whole if one; a split costs far more than the estimate, so a run refused for its
 * size never pays it); or search one `part` of it.
 */
export type TilingInput =
  | { readonly step: 'plan'; readonly figure: number }
  | {
      readonly step: 'split'
      readonly figure: number
      /** The figure's estimated nodes. */
      readonly nodes: number
      readonly parts: number
    }
  | {
      readonly step: 'part'
      readonly figure: number
      /** From 1, in search order: the order of the parts' tilings in one search. */
      readonly part: number
      /** Its forced placements. */
      readonly prefix: readonly number[]
    }

/** A part of a split figure: its forced placements, weight (Knuth's estimate) and rank. */
export interface TilingPart {
  readonly prefix: readonly number[]
  /** Estimated nodes, for progress (`partWeight`). */
  readonly weight: number
  /** Estimated nodes by other probes, for the order the parts go out in (heaviest first). */
  readonly rank: number
}

/** The outcome of a part, or of a figure searched whole in its planning task. */
export interface TilingSearched {
  readonly counts: TilingCounts
  readonly stats: TilingStats
  /** False when it stopped early (its first tiling was all that was wanted). */
  readonly complete: boolean
  /**
   * In the checkpoint of a listing run, the tilings the task found, in search order (a worker
   * streams them as items instead).
   */
  readonly tilings?: readonly TilingItem[]
}

export type TilingResult =
  | { readonly type: 'ruled-out'; readonly reason: string }
  | {
      readonly type: 'estimated'
      /** Knuth's estimate of the search's nodes. */
      readonly nodes: number
      /** The estimate's spread, a factor (`knuthEstimate`). */
      readonly spread?: number
      /** Nodes a second of this search made in a short trial here, if it ran long enough to tell. */
      readonly rate?: number
    }
  | ({ readonly type: 'searched'; readonly nodes: number } & TilingSearched)
  | {
      readonly type: 'split'
      readonly nodes: number
      /** The statistics of the nodes the split expanded itself, above the parts. */
      readonly stats: TilingStats
      readonly parts: readonly TilingPart[]
    }
  | ({ readonly type: 'part' } & TilingSearched)

export interface TilingItem {
  readonly pieces: readonly PlacedPiece[]
  readonly classSize: number
}

/** A running search's placements fitted and tilings found so far. */
export interface TilingDetail {
  readonly placements: number
  readonly solutions: number
}

/** A queens task's boards and classes (decimal strings: BigInt does not cross every channel) and nodes. */
export type QueensResult = readonly [total: string, unique: string, nodes: number]

export interface TaitSetup {
  readonly n: number
  readonly empty: number
  /** List up to this many sequences with the count (none when absent). */
  readonly list?: number
  /** Count what the paper's pruned program finds instead (one pass of n moves). */
  readonly paper?: boolean
}

/** One pass of a Tait count: the sequences of exactly `moves` moves. */
export interface TaitPassResult {
  readonly sequences: string
  readonly layers: readonly number[]
  readonly expanded: number
  readonly peakBytes: number
  readonly memo: number
  readonly ms: number
  /** The sequences listed, each a row per move ('W', 'B', '_'), when the pass found some. */
  readonly list?: readonly (readonly string[])[]
}

/** An edge-matching search: the puzzle's text, what to find, and how many boards to stream. */
export type MatchSetup = RunParams<'cards' | 'triangle'> & {
  readonly puzzle: 'cards' | 'triangle'
  readonly identicalAsOne?: boolean
  /** Boards to stream at most. */
  readonly keep: number
  /** Stream only the one board of each class under turning the board that is listed. */
  readonly canonical?: boolean
}

/**
 * What a match task searches: the whole tree (null); a card count to plan, split into weighed
 * parts when it is large and searched whole when not (`plan`); or one part of a split card count
 * (the entries forced on its first cells).
 */
export type MatchInput = null | { readonly plan: true } | { readonly prefix: readonly number[] }

/** A search's result, or a card count's plan: its parts in search order. */
export type MatchTaskResult = MatchResult | { readonly split: readonly CardPart[] }

/** A search's boards and nodes so far, and (unless it looks for one board) the share done. */
export type MatchDetail = Pick<MatchProgress, 'found' | 'nodes' | 'fraction'>

export interface PuzzleSetup {
  readonly request: PuzzleRequest
  readonly budget: Budget
}

/** The search animation: steps up to the first tiling of one figure. */
export interface TraceSetup {
  readonly set: SetWire
  readonly figure: FigureShape
  readonly mode: SymmetryMode
  readonly maxSteps: number
}

export interface ReproduceResult {
  readonly computed?: string
  readonly matches?: boolean
  readonly ms?: number
  readonly error?: string
}

/** The set explorer's candidate pieces grown (shared/design/candidates.ts), one task. */
export interface CandidatesSetup {
  readonly area: number
  readonly maxPieceArea: number
  /** The figure the pieces must fit in, if any. */
  readonly from?: readonly Point[]
}

/**
 * A run of the set explorer (shared/design): the request as checked, and the candidate pieces as
 * the `candidates` task grew them, in its order, so that every process indexes them alike. Its
 * tasks are the units.
 */
export interface ExploreSetup {
  readonly area: number
  readonly pieces: number
  readonly top: number
  readonly maxPieceArea: number
  /** The figure the sets must cut, if any. */
  readonly from?: readonly Point[]
  /**
   * `CandidateWire[]` as JSON, as the `candidates` task sent it: one string crosses a process's
   * channel in a copy, thousands of objects are cloned one by one (measured: a 1 s hold of the
   * host for 8,158 candidates sent to two workers).
   */
  readonly candidates: string
}

/** Sets compared (shared/compare): each set, congruent pieces merged. */
export interface CompareSetup {
  readonly sets: readonly SetWire[]
}

/** One set's counts of a batch of the outlines (indices into `comparePlan`'s cases). */
export interface CompareInput {
  readonly set: number
  readonly outlines: readonly number[]
}

/**
 * A step of the pentagons of a set (shared/pentagons, the set as file JSON in the setup): list the
 * lattice candidates, decide a batch of them, find a split part's groups, join a split's groups.
 */
export type PentagonsInput =
  | { readonly step: 'lattice' }
  | { readonly step: 'decide'; readonly polygons: readonly (readonly Point[])[] }
  | { readonly step: 'groups'; readonly code: number }
  | {
      readonly step: 'join'
      readonly first: readonly GroupWire[]
      readonly second: readonly GroupWire[]
    }

export type PentagonsOutput =
  | { readonly step: 'lattice'; readonly candidates: readonly Point[][] }
  /** Per polygon, its snug pentagon, or null when the set does not tile it. */
  | { readonly step: 'decide'; readonly pentagons: readonly (PentagonWire | null)[] }
  | { readonly step: 'groups'; readonly groups: readonly GroupWire[] }
  | { readonly step: 'join'; readonly pentagons: readonly PentagonWire[]; readonly joins: number }

/** A search for silhouette puzzles (shared/silhouettes): the set, the request. */
export interface SilhouettesSetup {
  readonly set: SetWire
  readonly request: SilhouetteRequest
  /** Search nodes a figure's count may spend. */
  readonly figureNodes: number
}

/**
 * A figure drawn and its congruence key: on the lattice its polygon (`latticeKey`), off it
 * (`--turns 45`) its outline's exact corners as text (`congruenceKey`).
 */
export type DrawnFigure = (
  { readonly polygon: readonly Point[] } | { readonly outline: RingText }
) & { readonly key: string }

/** Figures drawn, from where the last draw left off (none: the start); or new figures counted. */
export type SilhouettesInput =
  | { readonly step: 'draw'; readonly state?: number; readonly draws: number }
  | { readonly step: 'count'; readonly figures: readonly DrawnFigure[] }

export type SilhouettesOutput =
  | {
      readonly step: 'draw'
      /** Per draw, its figure, or null when the draw made none. */
      readonly figures: readonly (DrawnFigure | null)[]
      readonly state: number
      /** The convex outlines there are to draw, if convex. */
      readonly outlines?: number
    }
  | { readonly step: 'count'; readonly outcomes: readonly CandidateOutcome<PuzzleFigure>[] }

/** Figures with exact corners tiled by the search off the lattice (shared/offlattice): the set, what to keep. */
export interface OffLatticeSetup extends OffOptions {
  readonly pieces: readonly OffPieceText[]
  /** Read and check each figure as a figure file is, and hand it back as read (the app's). */
  readonly read?: boolean
}

/** A batch of the run's figures, each counted (or its first tiling found) whole. */
export interface OffLatticeInput {
  readonly figures: readonly OffFigureText[]
}
