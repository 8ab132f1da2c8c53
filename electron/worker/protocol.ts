import type { Budget, Spent } from '../../shared/edgematch/draws'
import type { GeneratedPuzzle, PuzzleRequest } from '../../shared/edgematch/generate'
import type { Point } from '../../shared/lattice/polygon'
import type { PartProgress } from '../../shared/tiling/jobs'
import type { PlacedPiece } from '../../shared/tiling/problem'
import type { QueensTask } from '../../shared/queens/count'
import type { TaitCount, TaitProgress, TaitStats } from '../../shared/tait/count'
import type { SymmetryMode, TilingCounts, TilingStats } from '../../shared/tiling/search'

/**
 * Messages between the solver pool and a solver worker process. A worker is told about a run
 * once (the piece set as file JSON, the figures, the counting convention), then receives search
 * parts one at a time and answers each with its solutions (if listed), progress and outcome.
 * Cancelling kills the process: a worker never has to be interrupted politely.
 */
export type ToWorker =
  | {
      readonly type: 'run'
      readonly set: unknown
      readonly figures: readonly (readonly Point[])[]
      readonly mode: SymmetryMode
      readonly list: boolean
    }
  | { readonly type: 'task'; readonly task: number; readonly job: WorkerTask }
  | {
      readonly type: 'part'
      readonly part: number
      readonly figure: number
      readonly prefix: readonly number[]
    }

export type FromWorker =
  | { readonly type: 'ready' }
  | {
      readonly type: 'solution'
      readonly part: number
      readonly pieces: readonly PlacedPiece[]
      readonly classSize: number
    }
  | ({ readonly type: 'progress'; readonly part: number } & PartProgress)
  | {
      readonly type: 'done'
      readonly part: number
      readonly counts: TilingCounts
      readonly stats: TilingStats
    }
  | { readonly type: 'error'; readonly part: number; readonly message: string }
  | { readonly type: 'task-done'; readonly task: number; readonly result: unknown }
  | { readonly type: 'task-error'; readonly task: number; readonly message: string }

/** One-off jobs besides search parts: a trace for the search animation, a published number. */
export type WorkerTask =
  | {
      readonly kind: 'trace'
      readonly set: unknown
      readonly figure: readonly Point[]
      readonly mode: SymmetryMode
      readonly maxSteps: number
    }
  | { readonly kind: 'reproduce'; readonly id: string }

/**
 * Messages between an n-queens count and a queens worker process: a task of shared/queens, and
 * its counts (BigInt as decimal strings: the channels carry JSON-safe data).
 */
export interface ToQueensWorker {
  readonly type: 'task'
  readonly n: number
  readonly task: QueensTask
}

export type FromQueensWorker =
  | {
      readonly type: 'task-done'
      readonly task: number
      readonly total: string
      readonly unique: string
      readonly nodes: number
    }
  | { readonly type: 'task-error'; readonly task: number; readonly message: string }

/**
 * Messages between a Tait count and the Tait worker process: one problem, progress while the
 * layers are worked through, then the count (BigInt as a decimal string) and the sequences listed.
 */
export interface ToTaitWorker {
  readonly type: 'count'
  readonly n: number
  readonly empty: number
  /** List up to this many sequences too (none when absent). */
  readonly list?: number
  /** Count what the paper's pruned program finds instead (shared/tait/paper.ts). */
  readonly paper?: boolean
}

export type FromTaitWorker =
  | { readonly type: 'progress'; readonly progress: TaitProgress }
  | {
      readonly type: 'done'
      readonly moves: number | null
      readonly sequences: string
      readonly method: TaitCount['method'] | 'paper'
      /** Absent for the paper's program. */
      readonly stats?: TaitStats
      /** The sequences listed, each a row per move ('W', 'B', '_'). */
      readonly list?: readonly (readonly string[])[]
    }
  /** `input`: the problem was refused (an InputError), not a failure of the count. */
  | { readonly type: 'error'; readonly message: string; readonly input: boolean }

/**
 * Messages between `generate` and the puzzle worker process: one request, progress (draws and
 * search nodes spent) while it draws, then the puzzle.
 */
export interface ToPuzzleWorker {
  readonly type: 'generate'
  readonly request: PuzzleRequest
  readonly budget: Budget
}

export type FromPuzzleWorker =
  | { readonly type: 'progress'; readonly progress: Spent }
  | { readonly type: 'done'; readonly puzzle: GeneratedPuzzle }
  | { readonly type: 'error'; readonly message: string; readonly input: boolean }
