import type { z } from 'zod'
import { APP_METHODS, type AppEvent, type AppResults } from './app'
import { DOCUMENT_METHODS, type DocumentResults } from './documents'
import { EXPORT_METHODS, type ExportResults, type PlotEvent } from './export'
import { PENTAGON_METHODS, type PentagonResults } from './pentagons'
import { PUZZLE_METHODS, type PuzzleResults } from './puzzles'
import { RUN_METHODS, type RunEvent, type RunResults } from './run'
import { SILHOUETTE_METHODS, type SilhouetteResults } from './silhouettes'
import { SOLVER_METHODS, type SolverResults } from './solver'

/**
 * The one API between the renderer and the rest of the workbench. The Electron preload and the
 * browser host's WebSocket carry the same calls: a method name and its parameters, checked against
 * the schemas on arrival, answered with a result or an error message; and events pushed the
 * other way. Each domain declares its methods' schemas, results and events in its own file
 * (./app, ./documents, ./solver, ./run, …); this composes them. Services implement it
 * (electron/services/workbench.ts); the renderer calls it through renderer/src/api.ts.
 */
export const METHODS = {
  ...APP_METHODS,
  ...DOCUMENT_METHODS,
  ...SOLVER_METHODS,
  ...EXPORT_METHODS,
  ...PUZZLE_METHODS,
  ...PENTAGON_METHODS,
  ...SILHOUETTE_METHODS,
  ...RUN_METHODS,
} as const

export type Method = keyof typeof METHODS
export type Params<M extends Method> = z.input<(typeof METHODS)[M]>
/** What a handler receives: the parameters as the schema parsed them (defaults filled in). */
export type Parsed<M extends Method> = z.output<(typeof METHODS)[M]>

export interface Results
  extends
    AppResults,
    DocumentResults,
    SolverResults,
    ExportResults,
    PuzzleResults,
    PentagonResults,
    SilhouetteResults,
    RunResults {}

export type Reply<M extends Method> = { ok: true; value: Results[M] } | { ok: false; error: string }

/** Events pushed to the renderer. */
export type WorkbenchEvent = AppEvent | PlotEvent | RunEvent

/** Validates a call's parameters; the error names the method and the field. */
export function checkParams<M extends Method>(method: M, params: unknown): Parsed<M> {
  const r = METHODS[method].safeParse(params ?? {})
  if (!r.success) {
    const i = r.error.issues[0]
    throw new Error(`${method}: bad parameters (${i.path.join('.') || 'value'}: ${i.message})`)
  }
  return r.data as Parsed<M>
}

export function isMethod(name: unknown): name is Method {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(METHODS, name)
}

// The domains' types and schemas, for the importers that take them from here.
export * from './app'
export * from './design'
export * from './documents'
export * from './export'
export * from './pentagons'
export * from './puzzles'
export * from './silhouettes'
export * from './solver'
export { AUTOSAVED_HISTORY } from './fields'
export type { RunPlace } from './run'
