import { z } from 'zod'
import { LIMITS } from '../limits'
import { polygon } from './fields'

/* The set explorer (issue 14). */

/**
 * A run of kind `design` (./run): every set of `pieces` polyaboloes of total `area`, ranked by
 * the convex outlines it makes, searched on the task farm; the best `top` sets, each outline's
 * first tiling with them, are its result (those found so far when cancelled).
 */
export const designRequestSchema = z.strictObject({
  area: z.number().int().min(1).max(LIMITS.maxOutlineArea),
  pieces: z.number().int().min(1).max(LIMITS.maxOutlineArea),
  top: z.number().int().min(1).max(1000),
  maxPieceArea: z.number().int().min(1).max(LIMITS.maxOutlineArea).optional(),
  from: z.strictObject({ name: z.string().max(200), polygon }).optional(),
})

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
