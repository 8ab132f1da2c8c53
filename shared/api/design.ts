import { z } from 'zod'
import type { DesignJson } from '../design/json'
import { LIMITS } from '../limits'
import { polygon } from './fields'

/* The set explorer (issue 14). */

export const DESIGN_METHODS = {
  /**
   * The set explorer (issue 14): every set of `pieces` polyaboloes of total `area`, ranked by the
   * convex outlines it makes, searched on the worker processes; progress and the end (the best
   * `top` sets, each outline's first tiling) come as events. An impossible request is refused.
   */
  'design.start': z.strictObject({
    area: z.number().int().min(1).max(LIMITS.maxOutlineArea),
    pieces: z.number().int().min(1).max(LIMITS.maxOutlineArea),
    top: z.number().int().min(1).max(1000),
    maxPieceArea: z.number().int().min(1).max(LIMITS.maxOutlineArea).optional(),
    from: z.strictObject({ name: z.string().max(200), polygon }).optional(),
  }),
  'design.cancel': z.strictObject({ designId: z.string().max(100) }),
} as const

export interface DesignResults {
  'design.start': { designId: string }
  'design.cancel': null
}

export type DesignEvent =
  | ({ readonly type: 'design.progress'; readonly designId: string } & DesignProgressEvent)
  | {
      readonly type: 'design.ended'
      readonly designId: string
      readonly outcome: 'done' | 'cancelled' | 'failed'
      /** The best sets found (so far, when cancelled), each outline's first tiling with them. */
      readonly result?: DesignJson
      readonly error?: string
      /** A worker process that died and had its unit run again, in one line. */
      readonly notices?: readonly string[]
      readonly elapsedMs: number
    }

/** How far the set explorer has come (the phase, as `design` shows it). */
export interface DesignProgressEvent {
  readonly phase: 'outlines' | 'pieces' | 'sets'
  /** While growing pieces: their size in half-squares. */
  readonly size?: number
  /** Of the phase, in [0, 1]. */
  readonly fraction: number
  readonly searched: number
  /** The outlines the best set so far makes. */
  readonly best?: number
  readonly units?: { readonly done: number; readonly of: number }
  readonly etaSeconds?: number
  readonly elapsedMs: number
}
