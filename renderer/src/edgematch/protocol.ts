import type { EdgePuzzle } from '../../../shared/edgematch/edit'

/** Messages between the edge-matching store and its Web Worker (./worker.ts). */
export type WorkerRequest =
  | {
      readonly id: number
      readonly op: 'solve'
      readonly kind: EdgePuzzle['kind']
      readonly text: string
      readonly identicalAsOne: boolean
    }
  | {
      readonly id: number
      readonly op: 'generate'
      readonly kind: EdgePuzzle['kind']
      readonly rows: number
      readonly cols: number
      readonly figures: number
      /** Frame colours (cards); 0 for no frame. */
      readonly frame: number
      readonly seed: number
    }

/** A board: per cell, the piece (card) and its turns. */
export type Board = readonly (readonly [number, number])[]

export interface Solved {
  /** BigInt, as the card solver counts: cards told apart multiply. */
  readonly fixed: bigint
  readonly upToRotation: bigint
  /** The first boards on the fixed board, at most BOARDS_KEPT. */
  readonly boards: Board[]
  /** Per board kept: the one board of its class under turning the whole board that is listed. */
  readonly canonical: boolean[]
  readonly nodes: number
  readonly placements: number
  readonly ms: number
  /** Groups of identical cards (numbers from 1). */
  readonly identical: number[][]
}

export type WorkerReply =
  | {
      readonly id: number
      readonly type: 'progress'
      readonly found: number
      /** Search nodes so far (a generator's: over all its draws), and the draws made. */
      readonly nodes?: number
      readonly draws?: number
      /** Of the search tree, and the time left from its rate (`searchClock`): said or rough. */
      readonly fraction?: number
      readonly etaSeconds?: number
      readonly roughSeconds?: number
    }
  | { readonly id: number; readonly type: 'solved'; readonly result: Solved }
  | {
      readonly id: number
      readonly type: 'generated'
      readonly text: string
      readonly draws: number
      readonly nodes: number
    }
  | { readonly id: number; readonly type: 'error'; readonly message: string }

export const BOARDS_KEPT = 5000
