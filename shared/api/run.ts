import { z } from 'zod'
import type { CompareProgress, Comparison } from '../compare/compare'
import type { WorkbenchDocument } from '../document/document'
import { LIMITS } from '../limits'
import type { PentagonProgress } from '../pentagons/pentagons'
import type { PentagonSet } from '../pentagons/sheet'
import type { PentagonsText } from '../pentagons/wire'
import type { PuzzleFigure } from '../silhouettes/offlattice'
import type { SilhouetteProgress } from '../silhouettes/search'
import type { TaitProgress } from '../tait/count'
import type { PlacedPiece } from '../tiling/problem'
import type { SymmetryMode, TilingCounts, TilingStats } from '../tiling/search'
import { MAX_CELLS } from '../tait/state'
import { documentSchema } from './documents'
import { none } from './fields'
import type { QueensRunProgress } from '../queens/count'
import { MAX_QUEENS } from '../queens/split'
import type { EstimateSummary, FigureEstimate } from '../tiling/estimate'
import { estimateRequestSchema, solveRequestSchema, type JobFigure } from './solver'
import type { DesignJson } from '../design/json'
import { designRequestSchema, type DesignProgressEvent } from './design'
import { exactFigureSchema } from './pentagons'
import type { OffPartText, OffResultText } from '../offlattice/wire'

/**
 * The one run API (issue 26): `run.start` {kind, params} → {runId}, `run.cancel` {runId}, and
 * one event family, `run.started` → `run.progress`* / `run.items`* → `run.ended` (once). Each
 * kind declares here its parameters (a zod schema, checked on arrival) and, as types, its
 * progress, streamed items and result, so that both ends are typed per kind. The host runs every
 * kind on the task farm (electron/services/run/); the renderer's stores use `runStore`.
 */

/** A puzzle file's text, as the puzzle methods take it. */
const puzzleText = z.string().max(LIMITS.maxFileBytes)
/** One solution (stops at the first), all of them (boards streamed), or the counts alone. */
const matchGoal = z.enum(['one', 'all', 'count'])
const whole = (min: number, max: number) => z.number().int().min(min).max(max)

export const RUN_PARAMS = {
  /** Tait's minimal sequences of n pairs with `gaps` pairs of empty cells: the table's row. */
  tait: z.strictObject({
    n: whole(1, MAX_CELLS),
    gaps: whole(1, MAX_CELLS / 2),
    /** List up to this many of the sequences too. */
    list: whole(1, 10_000).optional(),
  }),
  /** Square edge-matching cards (a card file's text). */
  cards: z.strictObject({
    text: puzzleText,
    goal: matchGoal,
    identicalAsOne: z.boolean().optional(),
  }),
  /** The triangle edge-matching puzzle (the contest's format). */
  triangle: z.strictObject({ text: puzzleText, goal: matchGoal }),
  /** A new edge-matching puzzle with exactly one solution up to turning the board. */
  generate: z.strictObject({
    kind: z.enum(['cards', 'triangle']),
    rows: whole(1, 8),
    cols: whole(1, 8),
    figures: whole(1, 200),
    /** Frame colours (cards). */
    frame: whole(1, 50).optional(),
    seed: whole(0, 2 ** 31),
  }),
  // The piece sets' searches (issues 12 and 14): the document's pieces, congruent ones merged.
  /** Every pentagon the document's pieces make (issue 12). */
  pentagons: z.strictObject({ document: documentSchema }),
  /** Figures the pieces build, convex or any; with `unique` only those built in exactly one way. */
  silhouettes: z.strictObject({
    document: documentSchema,
    request: z.strictObject({
      kind: z.enum(['convex', 'any']),
      count: whole(1, 1000),
      unique: z.boolean(),
      symmetric: z.boolean(),
      seed: whole(0, 2 ** 31),
      /** 45: figures grown with pieces turned by 45°, counted by the exact search (issue 25). */
      turns: z.union([z.literal(90), z.literal(45)]).optional(),
    }),
  }),
  /**
   * Figures with exact corners (issue 25) tiled by the document's pieces, each piece in any of
   * its turns by 45°, by the search off the lattice: each figure's counts in both conventions,
   * and with `list` its tilings (every fixed one in mode 'raw', one a class in 'reduce').
   */
  exact: z.strictObject({
    document: documentSchema,
    figures: z.array(exactFigureSchema).min(1).max(LIMITS.maxFigures),
    mode: z.enum(['reduce', 'raw']),
    list: z.boolean(),
  }),
  /** Sets of one area compared: every convex outline of the area counted for each. */
  compare: z.strictObject({ documents: z.array(documentSchema).min(2).max(8) }),
  /** The n-queens count; a cancelled count of n resumes from its checkpoint. */
  queens: z.strictObject({ n: whole(1, MAX_QUEENS) }),
  /** A tiling search's size and time before any run (issue 13, point 3). */
  estimate: estimateRequestSchema,
  /** The set explorer (issue 14). */
  design: designRequestSchema,
  /** The tiling solver (Programs 1–3): the given figures or every convex one, tilings streamed. */
  solve: solveRequestSchema,
} as const

export type RunKind = keyof typeof RUN_PARAMS
export type RunParams<K extends RunKind> = z.output<(typeof RUN_PARAMS)[K]>

/** What every kind's progress may say: the share done and, once it can be trusted, the time left. */
interface Share {
  /** Of the whole run, in [0, 1], when known. */
  readonly fraction?: number
  readonly etaSeconds?: number
}

/** An edge-matching search so far: boards found, nodes, and (counts) the share of the tree done. */
export interface MatchProgress extends Share {
  readonly found: number
  readonly nodes: number
  /** Before `etaSeconds` is said: the plain extrapolation, its order of magnitude only. */
  readonly roughSeconds?: number
}

/** A board found: per cell, the piece (card) and its turns. */
export interface MatchBoard {
  readonly board: readonly (readonly [number, number])[]
  /** The one board of its class under turning the whole board that is listed. */
  readonly canonical: boolean
}

export interface MatchResult {
  /** Decimal strings (the card counts are BigInt). */
  readonly fixed: string
  readonly upToRotation: string
  /** Triangles: with the pieces told apart by their line in the file. */
  readonly labelled?: string
  /** False when the search stopped early (goal 'one': at its first board). */
  readonly complete: boolean
  readonly nodes: number
  readonly placements: number
  readonly ms: number
  /** Groups of identical cards (numbers from 1); none for triangles. */
  readonly identical: readonly (readonly number[])[]
  /** A card count split into weighed parts (a large one): how many. */
  readonly parts?: number
}

export interface TaitResult {
  /** The fewest moves; null: no sequence within n + 3. */
  readonly moves: number | null
  /** Decimal string. */
  readonly sequences: string
  readonly ms: number
  /**
   * Where the paper's table (shared/tait/tables.ts) differs: what the paper's own program finds
   * (shared/tait/paper.ts), which with two pairs misses minimal sequences.
   */
  readonly program?: string
  /** The sequences listed, each as its rows from the start ('W', 'B', '_' per cell). */
  readonly list?: readonly (readonly string[])[]
}

/** The pentagons found (exact numbers as text) and the set searched, congruent pieces merged. */
export type PentagonsRunResult = PentagonsText & { readonly set: PentagonSet }

/** What a run of exact figures will do, known as it starts. */
export interface ExactPlan {
  /**
   * The set as drawn (`SolvableSet.apart`): each piece its own name and colour; the tilings index
   * these pieces.
   */
  readonly set: {
    readonly name: string
    readonly pieces: readonly {
      readonly name: string
      readonly count: number
      readonly color: string
    }[]
  }
  /** The figures' names, in the order given: items name a figure by its place here. */
  readonly names: readonly string[]
  readonly mode: SymmetryMode
}

/**
 * A figure's search ended, by its number in the plan: the figure as the worker read it (each ring
 * counter-clockwise, a closing corner that repeats dropped), its counts (`fixed`, `classes`) and
 * the tilings listed, at most `EXACT_TILINGS_KEPT` of them.
 */
export type ExactFigureDone = OffResultText & {
  readonly figure: number
  readonly parts: readonly OffPartText[]
}

/** Tilings of one figure a run keeps and sends at most: the view draws a few hundred. */
export const EXACT_TILINGS_KEPT = 1000

/** A figure a silhouette search counted, and whether it is one the search asks for. */
export type SilhouetteCandidate = PuzzleFigure & { readonly asked: boolean }

export interface SilhouettesResult {
  readonly progress: SilhouetteProgress
  /** The figures found that were asked for, by key (the items'), easiest first. */
  readonly found: readonly string[]
  /** Why fewer were found than asked. */
  readonly shortfall?: string
  /** The set as searched (congruent pieces merged): the figures' tilings index its pieces. */
  readonly set: WorkbenchDocument
}

export interface GenerateResult {
  readonly text: string
  readonly title: string
  readonly draws: number
  readonly nodes: number
}

export interface QueensCountResult {
  readonly n: number
  /** All solutions and those up to the board's symmetries, as decimal strings. */
  readonly total: string
  readonly unique: string
  readonly nodes: number
  /** Tasks taken from the checkpoint of an earlier, unfinished count, of all. */
  readonly resumed: number
  readonly tasks: number
  readonly ms: number
}

/** What an estimate sizes, known as it starts: its figures and the workers of where it runs. */
export interface EstimatePlan {
  /** The figures as a job would list them. */
  readonly figures: readonly JobFigure[]
  /** The transport's: the processes here, or the queue's workers serving it now. */
  readonly workers: number
}

/** What a solve will do: its figures and the set as solved, known as it starts. */
export interface SolvePlan {
  readonly request: { readonly kind: 'tile' | 'convex'; readonly mode: SymmetryMode }
  readonly figures: readonly JobFigure[]
  /**
   * The document as solved, each piece with its own name, colour and count (pieces of one shape
   * in the polygon of the first): tilings index its pieces (`mergeCongruent`).
   */
  readonly document: WorkbenchDocument
  /** The set solved (`solvedSetKey`): the tilings are those of every document with it. */
  readonly setKey: string
  /** Names of pieces counted as one kind because they have the same shape. */
  readonly merged: readonly (readonly string[])[]
}

export interface SolveProgress extends Share {
  readonly fraction: number
  readonly placements: number
  readonly solutions: number
  readonly figuresDone: number
  /** Placements a second. */
  readonly rate: number
  /** Knuth's estimate of the search's nodes, for the figures planned so far. */
  readonly estimatedNodes?: number
  /** Its spread, a factor (`NodeTally`): likely within nodes ÷ spread and × spread. */
  readonly estimatedSpread?: number
  /** Figures planned so far: ruled out, or estimated before their search. */
  readonly figuresPlanned?: number
}

export interface JobTiling {
  readonly pieces: readonly PlacedPiece[]
  readonly classSize: number
}

/** A figure's search ended (or it was ruled out). */
export interface FigureDone {
  readonly counts: TilingCounts
  readonly stats: TilingStats
  readonly rejected?: string
  readonly complete: boolean
  /** Knuth's estimate of the figure's search size in nodes, as planned. */
  readonly estimatedNodes?: number
  /** Its spread, a factor (absent when the figure was searched whole while planned). */
  readonly estimatedSpread?: number
  /**
   * The figure's tilings stream in as found; when that was out of search order, this puts them
   * in it: for each tiling in search order, its index among those streamed.
   */
  readonly order?: readonly number[]
}

/** A tiling found, or a figure done (after all its tilings), by the figure's number in the plan. */
export type SolveItem =
  | { readonly figure: number; readonly tiling: JobTiling }
  | { readonly figure: number; readonly done: FigureDone }

export interface SolveResult {
  /** Every figure searched whole. */
  readonly complete: boolean
  /** Tasks taken from the checkpoint of the same solve, stopped earlier. */
  readonly resumed: number
  /**
   * Stopped before its search, its estimate passing 2·10¹² nodes (days of work; `force` runs
   * it): information for a deliberate choice, not a failure. Knuth's estimate, of the figures
   * planned when it stopped, and its spread (a factor).
   */
  readonly estimated?: { readonly nodes: number; readonly spread?: number }
}

/** Per kind: what its plan (with `run.started`, for the kinds that have one), progress events, streamed items and result carry. */
export interface RunTypes {
  readonly tait: { progress: TaitProgress & Share; item: never; result: TaitResult }
  readonly cards: { progress: MatchProgress; item: MatchBoard; result: MatchResult }
  readonly triangle: { progress: MatchProgress; item: MatchBoard; result: MatchResult }
  readonly generate: {
    progress: Share & { readonly nodes: number; readonly draws: number }
    item: never
    result: GenerateResult
  }
  readonly pentagons: {
    progress: PentagonProgress & { readonly fraction: number } & Share
    item: never
    result: PentagonsRunResult
  }
  /** Every figure counted is an item, as it is counted. */
  readonly silhouettes: {
    progress: SilhouetteProgress & Share
    item: SilhouetteCandidate
    result: SilhouettesResult
  }
  /** Every figure is an item as its search ends; the result is their counts, tilings left out. */
  readonly exact: {
    plan: ExactPlan
    progress: Share & { readonly done: number; readonly total: number }
    item: ExactFigureDone
    result: { readonly counts: readonly Omit<ExactFigureDone, 'tilings' | 'parts'>[] }
  }
  readonly compare: { progress: CompareProgress & Share; item: never; result: Comparison }
  readonly queens: { progress: QueensRunProgress; item: never; result: QueensCountResult }
  readonly estimate: {
    plan: EstimatePlan
    progress: Share & { readonly summary: EstimateSummary }
    /** A figure ruled out or estimated, by its number in the plan. */
    item: { readonly figure: number; readonly estimate: FigureEstimate }
    result: EstimateSummary
  }
  readonly design: { progress: DesignProgressEvent; item: never; result: DesignJson }
  readonly solve: { plan: SolvePlan; progress: SolveProgress; item: SolveItem; result: SolveResult }
}
export type RunPlan<K extends RunKind> = RunTypes[K] extends { readonly plan: infer P } ? P : never
export type RunProgress<K extends RunKind> = RunTypes[K]['progress']
export type RunItem<K extends RunKind> = RunTypes[K]['item']
export type RunResult<K extends RunKind> = RunTypes[K]['result']

export type RunOutcome = 'done' | 'cancelled' | 'failed'

/** The events of one run of kind K. */
export type RunEventOf<K extends RunKind> =
  | {
      readonly type: 'run.started'
      readonly runId: string
      readonly kind: K
      /** Where its tasks run (the app's Run on setting). */
      readonly runsOn: RunPlace
      /** What it will do, for the kinds that say (`RunTypes`). */
      readonly plan?: RunPlan<K>
    }
  | {
      readonly type: 'run.progress'
      readonly runId: string
      readonly kind: K
      readonly progress: RunProgress<K>
    }
  | {
      readonly type: 'run.items'
      readonly runId: string
      readonly kind: K
      /** The items streamed since the last event, in the order found. */
      readonly items: readonly RunItem<K>[]
    }
  | {
      /** Something the user should know that does not stop the run: a worker died, its task ran again. */
      readonly type: 'run.notice'
      readonly runId: string
      readonly kind: K
      readonly line: string
    }
  | {
      readonly type: 'run.ended'
      readonly runId: string
      readonly kind: K
      readonly outcome: RunOutcome
      /** Done: the result; cancelled: what it had found, for the kinds that keep that. */
      readonly result?: RunResult<K>
      readonly error?: string
      /** Workers that died and had their task run again, a line each. */
      readonly notices?: readonly string[]
      readonly elapsedMs: number
    }

export type RunEvent = { [K in RunKind]: RunEventOf<K> }[RunKind]

const start = <K extends RunKind>(kind: K) =>
  z.strictObject({ kind: z.literal(kind), params: RUN_PARAMS[kind] })

/** `run.start`'s parameters: a kind and its parameters, checked by that kind's schema. */
export const runStartSchema = z.discriminatedUnion(
  'kind',
  [
    start('tait'),
    start('cards'),
    start('triangle'),
    start('generate'),
    start('pentagons'),
    start('silhouettes'),
    start('exact'),
    start('compare'),
    start('queens'),
    start('estimate'),
    start('design'),
    start('solve'),
  ],
  { error: `not a kind of run (${Object.keys(RUN_PARAMS).join(', ')})` },
)

/** A start request of kind K, as the host hands it to that kind. */
export interface RunStart<K extends RunKind = RunKind> {
  readonly kind: K
  readonly params: RunParams<K>
}

export const runCancelSchema = z.strictObject({ runId: z.string().max(100) })

/**
 * Where a run's tasks go: this machine's worker processes, or the queue at a Redis URL (its
 * password hidden, `queue-url.ts`).
 */
export type RunPlace =
  | { readonly kind: 'here'; readonly processes: number }
  | { readonly kind: 'queue'; readonly url: string }

export const RUN_METHODS = {
  /** Starts a run of any kind on the task farm (shared/api/run.ts); its events follow. */
  'run.start': runStartSchema,
  /** Stops a run at once: its `run.ended` (cancelled) comes before the reply. */
  'run.cancel': runCancelSchema,
  /** An ended run's result and items as kept (the last few runs), for export or a reloaded page. */
  'run.results': runCancelSchema,
  /**
   * The runs going on and the last few ended, each as the events sent so far tell it: a page
   * reloaded mid-run takes its run up from here, and the events that follow.
   */
  'run.list': none,
} as const

/** A run as `run.list` hands it over: its events so far, in short, and its age. */
export interface ListedRun<K extends RunKind = RunKind> {
  readonly runId: string
  readonly kind: K
  readonly running: boolean
  /** Milliseconds since it started. */
  readonly ageMs: number
  /** Its start, the items sent (in one event), notices, the last progress sent, its end. */
  readonly events: readonly RunEventOf<K>[]
}

export interface RunResults {
  'run.start': { runId: string }
  'run.cancel': null
  'run.results': {
    [K in RunKind]: { kind: K; plan?: RunPlan<K>; result: RunResult<K>; items: RunItem<K>[] }
  }[RunKind]
  'run.list': { runs: { [K in RunKind]: ListedRun<K> }[RunKind][] }
}
