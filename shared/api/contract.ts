import { z } from 'zod'
import { exportSettingsSchema } from '../drawing/export-settings'
import type { WorkbenchDocument } from '../document/document'
import type { Point } from '../lattice/polygon'
import type { SourceDocument } from '../papers/documents'
import type { PentagonProgress } from '../pentagons/pentagons'
import type { PentagonSet } from '../pentagons/sheet'
import type { PentagonsText, TextPoint } from '../pentagons/wire'
import { LIMITS } from '../limits'
import type { QueensRunProgress } from '../queens/count'
import type { Silhouette, SilhouetteProgress } from '../silhouettes/search'
import type { CompareProgress, Comparison } from '../compare/compare'
import type { DesignJson } from '../design/json'
import { MAX_QUEENS } from '../queens/split'
import type { EstimateSummary, FigureEstimate } from '../tiling/estimate'
import type { JobView } from './job-view'
import {
  runCancelSchema,
  runStartSchema,
  type RunEvent,
  type RunItem,
  type RunKind,
  type RunResult,
} from './run'
import type { PlacedPiece } from '../tiling/problem'
import type { SymmetryMode, TilingCounts, TilingStats } from '../tiling/search'

/**
 * The one API between the renderer and the rest of the workbench. The Electron preload and the
 * browser host's WebSocket carry the same calls: a method name and its parameters, checked against
 * the schemas below on arrival, answered with a result or an error message; and events pushed the
 * other way. Services implement it (electron/services/workbench.ts); the renderer calls it through
 * renderer/src/api.ts.
 */
/**
 * A polygon: at most LIMITS.maxVertices points [x, y] of whole numbers, checked in one loop (a
 * schema per point took the browser host a second per 200,000 vertices, while nothing else ran).
 */
const polygon = z.custom<Point[]>(
  (v) =>
    Array.isArray(v) &&
    v.length <= LIMITS.maxVertices &&
    v.every(
      (p) =>
        Array.isArray(p) &&
        p.length === 2 &&
        Number.isSafeInteger(p[0]) &&
        Number.isSafeInteger(p[1]),
    ),
  { error: `not a polygon of at most ${LIMITS.maxVertices} points [x, y] of whole numbers` },
)
const piece = z.strictObject({
  id: z.string().max(100),
  name: z.string().max(200),
  polygon,
  count: z.number(),
  color: z.string().max(20),
})
const figure = z.strictObject({ id: z.string().max(100), name: z.string().max(200), polygon })
export const documentSchema = z
  .strictObject({
    name: z.string().max(200),
    description: z.string().max(10_000).optional(),
    pieces: z.array(piece).max(2000),
    figures: z.array(figure).max(LIMITS.maxFigures),
  })
  // Every polygon is checked on each save and solve: their total bounds that work.
  .refine(
    (d) =>
      [...d.pieces, ...d.figures].reduce((sum, p) => sum + p.polygon.length, 0) <=
      LIMITS.maxSetVertices,
    { error: `more than ${LIMITS.maxSetVertices.toLocaleString('en')} vertices in all` },
  )
const path = z.string().min(1).max(4096)
const none = z.strictObject({})

/** Steps of undo history an autosave keeps each way, so that a restore can be undone into. */
export const AUTOSAVED_HISTORY = 50
/**
 * What autosaves may take on disk (electron/services/autosaves.ts): each at most maxBytes (the
 * renderer keeps as much undo history as fits), and at most maxCount of them; beyond that a write is
 * refused with a message saying what to do.
 */
export const AUTOSAVE_LIMITS = { maxBytes: 4_000_000, maxCount: 20 } as const
/** An editor's undo (past, oldest first) and redo (future, next first) history. */
const history = <T extends z.ZodType>(entry: T) =>
  z.strictObject({
    past: z.array(entry).max(AUTOSAVED_HISTORY),
    future: z.array(entry).max(AUTOSAVED_HISTORY),
  })
export const documentHistorySchema = history(documentSchema)
/**
 * What an autosave's `contents` hold once parsed: the document, and its history, checked apart (a
 * history this version cannot read must not cost the document). The hosts keep the contents as
 * the text the renderer sent and never parse them: the renderer checks them when it restores.
 * Not strict: an earlier version's autosave is one record with its id and time beside these.
 */
export const autosaveContentsSchema = z.object({
  document: documentSchema,
  history: z.unknown().optional(),
})
export interface DocumentHistory {
  readonly past: readonly WorkbenchDocument[]
  readonly future: readonly WorkbenchDocument[]
}

export const settingsSchema = z.strictObject({
  /** Solver processes to run at once (1 … number of cores). */
  workers: z.number().int().min(1).max(256),
  recent: z.array(path).max(20),
  /** Where tiling runs and queens counts go: this machine's processes (absent), or a queue. */
  runOn: z.enum(['here', 'queue']).optional(),
  /** The queue: redis://[:password@]HOST:PORT; the API shows its password hidden (queue-url.ts). */
  queueUrl: z
    .string()
    .max(500)
    .regex(/^(redis:\/\/\S+)?$/, 'not a redis://[:password@]HOST:PORT address')
    .optional(),
})
export type Settings = z.infer<typeof settingsSchema>

export const solveRequestSchema = z.strictObject({
  document: documentSchema,
  /** 'tile': build the given figures (Program 1); 'convex': every convex figure (Programs 2/3). */
  kind: z.enum(['tile', 'convex']),
  figures: z
    .array(z.strictObject({ name: z.string().max(200), polygon }))
    .max(1000)
    .optional(),
  mode: z.enum(['reduce', 'raw']),
  /** Stream the tilings (the gallery) or only count them. */
  list: z.boolean(),
  /** Run even a search estimated to take days (after the user confirmed). */
  force: z.boolean().optional(),
})
export type SolveRequest = z.infer<typeof solveRequestSchema>

/** What an estimate sizes: a solve request's search, before any run. */
export const estimateRequestSchema = solveRequestSchema.pick({
  document: true,
  kind: true,
  figures: true,
  mode: true,
})
export type EstimateRequest = z.infer<typeof estimateRequestSchema>

export const plotTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('serial'),
    path,
    baudRate: z.number().int().min(110).max(1_000_000),
    dataBits: z.union([z.literal(7), z.literal(8)]),
    parity: z.enum(['none', 'even', 'odd']),
    stopBits: z.union([z.literal(1), z.literal(2)]),
    flow: z.enum(['escb', 'rtscts', 'xonxoff']),
  }),
  z.strictObject({ kind: z.literal('device'), path }),
  z.strictObject({ kind: z.literal('file'), path }),
])
export type PlotTarget = z.infer<typeof plotTargetSchema>

const extensions = z
  .array(z.string().regex(/^\.[a-z0-9]{1,8}$/))
  .min(1)
  .max(10)
const puzzleKind = z.enum(['cards', 'triangle'])
export type PuzzleKind = z.infer<typeof puzzleKind>
const puzzleText = z.string().max(LIMITS.maxFileBytes)
const puzzleState = z.strictObject({
  kind: puzzleKind,
  text: puzzleText,
  name: z.string().max(200),
})
export type PuzzleState = z.infer<typeof puzzleState>
export const puzzleAutosaveSchema = puzzleState.extend({
  path: path.optional(),
  dirty: z.boolean(),
  history: history(puzzleState).optional(),
})
export type PuzzleAutosave = z.infer<typeof puzzleAutosaveSchema>

/** Whose sheet an export or a plot draws: a listing job's tilings, or pentagons a search found. */
const sheetSource = {
  jobId: z.string().max(100).optional(),
  /** Pentagons by their numbers (from 1) in the search's list: all, or those a filter shows. */
  pentagons: z
    .strictObject({
      searchId: z.string().max(100),
      numbers: z.array(z.number().int().min(1)).min(1).max(10_000),
    })
    .optional(),
}
const oneSource = {
  check: (p: { jobId?: string; pentagons?: object }) =>
    (p.jobId === undefined) !== (p.pentagons === undefined),
  error: { error: 'give either a jobId or pentagons' },
}
/** An exact number as text, such as "3-√2/2" (shared/exact/root2.ts). */
const exactText = z.string().min(1).max(100)

export const METHODS = {
  'app.info': none,
  'library.list': none,
  /** The bundled figures (rectangles, tangram square …), to add to the open document. */
  'library.figures': none,
  'library.open': z.strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .max(100),
  }),
  /**
   * The browser host's folder: subfolders and the files with the given extensions (.json). `dir`
   * may name a file: its folder is listed, and the file named as `file`.
   */
  'files.list': z.strictObject({ dir: path.optional(), extensions: extensions.optional() }),
  /** The native open dialog, offering the files with the given extensions (.json). */
  'dialog.open': z.strictObject({ extensions: extensions.optional() }),
  'dialog.save': z.strictObject({ suggestedName: z.string().max(200) }),
  'document.open': z.strictObject({ path }),
  'document.save': z.strictObject({ path, document: documentSchema }),
  /**
   * `contents`: the JSON of autosaveContentsSchema as one string, so that a host keeps a large
   * autosave without parsing it (the browser host's thread parsed a 4 MB one for 0.2 s).
   */
  'autosave.write': z.strictObject({
    id: z.string().min(1).max(100),
    name: z.string().max(200),
    path: path.optional(),
    contents: z.string().max(AUTOSAVE_LIMITS.maxBytes, {
      error: `too large: an autosave holds at most ${AUTOSAVE_LIMITS.maxBytes / 1e6} MB; save the set to a file to keep it`,
    }),
  }),
  'autosave.discard': z.strictObject({ id: z.string().min(1).max(100) }),
  /** The autosaves without their contents: one is read with autosave.read when restored. */
  'autosave.list': none,
  'autosave.read': z.strictObject({ id: z.string().min(1).max(100) }),
  'settings.get': none,
  // The recent files are the host's record of what was opened and saved, not the renderer's to write.
  'settings.set': settingsSchema.omit({ recent: true }).partial(),
  'solver.start': solveRequestSchema,
  'solver.cancel': z.strictObject({ jobId: z.string().max(100) }),
  'solver.status': none,
  /**
   * The jobs queued, running and the last few ended, each as its events tell it (tilings so far
   * included): a page reloaded mid-job takes its job up from here, and its events keep coming.
   */
  'solver.jobs': none,
  /**
   * The search's size before any run (issue 13, point 3): each figure ruled out or estimated in
   * the worker processes; progress and the end come as events.
   */
  'estimate.start': estimateRequestSchema,
  'estimate.cancel': z.strictObject({ estimateId: z.string().max(100) }),
  'solver.trace': z.strictObject({
    document: documentSchema,
    figure: polygon,
    maxSteps: z.number().int().min(1).max(100_000),
  }),
  'papers.list': none,
  'papers.reproduce': z.strictObject({ id: z.string().max(200) }),
  /** Writes what a listing job found as a solutions file (shared/formats/solutions.ts). */
  'export.solutions': z.strictObject({ jobId: z.string().max(100), path }),
  /**
   * Writes a job's solutions as a sheet or one solution (SVG, PDF, HPGL or line-printer text), or
   * pentagons as a sheet (SVG, PDF, HPGL).
   */
  'export.sheet': z
    .strictObject({ ...sheetSource, path, settings: exportSettingsSchema })
    .refine(oneSource.check, oneSource.error),
  'plotter.ports': none,
  /** Counts the n-queens solutions on the worker processes; progress and the end come as events. */
  'queens.count': z.strictObject({ n: z.number().int().min(1).max(MAX_QUEENS) }),
  'queens.cancel': z.strictObject({ countId: z.string().max(100) }),
  /** The bundled edge-matching puzzles (card sets, the contest's triangle files), as their text. */
  'puzzle.bundled': none,
  /** Reads an edge-matching puzzle file: a card file (JSON) or a triangle file (the contest's). */
  'puzzle.open': z.strictObject({ path }),
  'puzzle.save': z.strictObject({ path, text: puzzleText }),
  /** Keeps the puzzle being edited across closed windows and crashes, saved or not. */
  'puzzle.autosave': puzzleAutosaveSchema,
  'puzzle.recover': none,
  /** Prints a puzzle to cut out, and a solution on page 2: one PDF, or SVG files. */
  'export.puzzle': z.strictObject({
    path,
    kind: puzzleKind,
    text: puzzleText,
    /** A board: per cell, the piece (card) and its turns; checked before it is printed. */
    solution: z
      .array(z.tuple([z.number().int().min(0).max(10_000), z.number().int().min(0).max(3)]))
      .max(10_000)
      .optional(),
    title: z.string().max(200),
  }),
  /** Plots one page of a sheet (as HPGL) on a serial port, a raw device or into a file. */
  'plotter.start': z
    .strictObject({
      ...sheetSource,
      settings: exportSettingsSchema,
      page: z.number().int().min(0).max(10_000),
      target: plotTargetSchema,
    })
    .refine(oneSource.check, oneSource.error),
  /**
   * Every pentagon the document's pieces make (issue 12), searched in the host in short slices;
   * progress and the end (with the pentagons, exact numbers as text) come as events.
   */
  'pentagons.find': z.strictObject({ document: documentSchema }),
  'pentagons.cancel': z.strictObject({ searchId: z.string().max(100) }),
  /**
   * Figures the document's pieces build (issue 14), convex or any, with `unique` only those
   * built in exactly one way; searched in the host in short slices. The figures counted, the
   * progress and the end come as events.
   */
  'silhouettes.find': z.strictObject({
    document: documentSchema,
    request: z.strictObject({
      kind: z.enum(['convex', 'any']),
      count: z.number().int().min(1).max(1000),
      unique: z.boolean(),
      symmetric: z.boolean(),
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31),
    }),
  }),
  'silhouettes.cancel': z.strictObject({ searchId: z.string().max(100) }),
  /** The figures a finished search found as a booklet: silhouettes first, solutions at the back. */
  'export.booklet': z.strictObject({ searchId: z.string().max(100), path }),
  /**
   * Sets of one area compared (issue 14): every convex outline counted for each, in the host in
   * slices; progress and the end come as events.
   */
  'compare.start': z.strictObject({ documents: z.array(documentSchema).min(2).max(8) }),
  'compare.cancel': z.strictObject({ compareId: z.string().max(100) }),
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
  /** Reads a figure file whose corners may be exact numbers ("3-√2/2"). */
  'exactFigure.open': z.strictObject({ path }),
  /** Writes a figure file with exact corners. */
  'exactFigure.save': z.strictObject({
    path,
    name: z.string().max(200),
    corners: z.array(z.tuple([exactText, exactText])).max(1000),
  }),
  'plotter.pause': z.strictObject({ plotId: z.string().max(100) }),
  'plotter.resume': z.strictObject({ plotId: z.string().max(100) }),
  'plotter.cancel': z.strictObject({ plotId: z.string().max(100) }),
  /** Starts a run of any kind on the task farm (shared/api/run.ts); its events follow. */
  'run.start': runStartSchema,
  /** Stops a run at once: its `run.ended` (cancelled) comes before the reply. */
  'run.cancel': runCancelSchema,
  /** An ended run's result and items as kept (the last few runs), for export or a reloaded page. */
  'run.results': runCancelSchema,
} as const

export type Method = keyof typeof METHODS
export type Params<M extends Method> = z.input<(typeof METHODS)[M]>
/** What a handler receives: the parameters as the schema parsed them (defaults filled in). */
export type Parsed<M extends Method> = z.output<(typeof METHODS)[M]>

export interface AppInfo {
  readonly host: 'electron' | 'browser'
  readonly version: string
  /** Native file dialogs (Electron); the browser host lists files in its folder instead. */
  readonly nativeDialogs: boolean
  /** The folder the browser host serves files from. */
  readonly folder?: string
  readonly cores: number
}

export interface BundledSet {
  readonly id: string
  readonly name: string
  readonly description?: string
  readonly pieces: number
  readonly area: number
  readonly outlines: number
  readonly path: string
}

export interface BundledFigure {
  readonly id: string
  readonly name: string
  readonly polygon: readonly Point[]
  /** In half-squares. */
  readonly area: number
}

export interface BundledPuzzle {
  readonly id: string
  readonly kind: PuzzleKind
  readonly name: string
  readonly text: string
}

export interface FileEntry {
  readonly name: string
  readonly path: string
  readonly kind: 'file' | 'dir'
}

/** A serial port or device to plot on: its path, and what a person choosing sees. */
export interface PortEntry {
  readonly path: string
  readonly label: string
}

/** Unsaved work of an earlier session, as listed: the document is read when it is restored. */
export interface AutosaveEntry {
  readonly id: string
  readonly name: string
  readonly path?: string
  readonly savedAt: string
}

export interface Recoverable extends AutosaveEntry {
  /** The text autosave.write was given: the document and its undo history (autosaveContentsSchema). */
  readonly contents: string
}

export interface JobSummary {
  readonly jobId: string
  readonly kind: 'tile' | 'convex'
  readonly state: 'queued' | 'running'
}

/** A job as `solver.jobs` hands it over: as its events tell it, with its times. */
export type JobSnapshot = JobView & {
  /** Milliseconds since it was asked for. */
  readonly ageMs: number
  /** Milliseconds from being asked for to its first tiling sent, if one was. */
  readonly firstTilingMs?: number
}

export interface PaperRow {
  readonly id: string
  readonly document: SourceDocument
  /** Where in the document. */
  readonly place: string
  readonly what: string
  readonly published: string
  readonly convention?: string
  readonly note?: string
  readonly reconstruction?: boolean
  readonly computable: boolean
}

export interface Results {
  'app.info': AppInfo
  'library.list': BundledSet[]
  'library.figures': BundledFigure[]
  'library.open': { document: WorkbenchDocument }
  'files.list': { dir: string; parent?: string; entries: FileEntry[]; file?: string }
  'dialog.open': { path?: string }
  'dialog.save': { path?: string }
  'document.open': { path: string; document: WorkbenchDocument }
  'document.save': { path: string }
  'autosave.write': null
  'autosave.discard': null
  'autosave.list': AutosaveEntry[]
  'autosave.read': Recoverable
  'settings.get': Settings
  'settings.set': Settings
  'solver.start': { jobId: string }
  'solver.cancel': null
  'solver.status': { jobs: JobSummary[]; workerPids: number[] }
  'solver.jobs': { jobs: JobSnapshot[] }
  /** The figures estimated (as a job shows them), and the processes a run here would use. */
  'estimate.start': { estimateId: string; figures: JobFigure[]; workers: number }
  'estimate.cancel': null
  'solver.trace': { steps: PlacedPiece[][]; solved: boolean }
  'papers.list': PaperRow[]
  'papers.reproduce': { computed?: string; matches?: boolean; ms?: number; error?: string }
  'export.solutions': { path: string; tilings: number }
  'export.sheet': {
    files: string[]
    pages: number
    solutions: number
    plot?: { penDown: number; penUp: number; naivePenUp: number }
  }
  /** Serial ports, and raw devices (printer ports; those named to the host). */
  /** With how to add a plotter to the lists, as commands: a simulated one, another device. */
  'plotter.ports': {
    ports: PortEntry[]
    devices: PortEntry[]
    simulator?: string
    addDevice?: string
  }
  'queens.count': { countId: string }
  'queens.cancel': null
  'puzzle.bundled': { puzzles: BundledPuzzle[] }
  'puzzle.open': { path: string; kind: PuzzleKind; text: string }
  'puzzle.save': { path: string }
  'puzzle.autosave': null
  'puzzle.recover': { state?: PuzzleAutosave }
  'export.puzzle': { files: string[] }
  'plotter.start': { plotId: string }
  'pentagons.find': { searchId: string }
  'pentagons.cancel': null
  /** The set as searched (congruent pieces merged): the tilings index its pieces. */
  'silhouettes.find': { searchId: string; document: WorkbenchDocument }
  'silhouettes.cancel': null
  'export.booklet': { files: string[]; pages: number }
  /** The sets as compared (congruent pieces merged), in the order given. */
  'compare.start': { compareId: string; sets: WorkbenchDocument[] }
  'compare.cancel': null
  'design.start': { designId: string }
  'design.cancel': null
  'exactFigure.open': { path: string; name: string; corners: TextPoint[] }
  'exactFigure.save': { path: string }
  'plotter.pause': null
  'plotter.resume': null
  'plotter.cancel': null
  'run.start': { runId: string }
  'run.cancel': null
  'run.results': { [K in RunKind]: { kind: K; result: RunResult<K>; items: RunItem<K>[] } }[RunKind]
}

export type Reply<M extends Method> = { ok: true; value: Results[M] } | { ok: false; error: string }

/** One figure of a running job as the gallery shows it. */
export interface JobFigure {
  readonly name: string
  readonly polygon: readonly Point[]
  readonly symmetryOrder?: number
}

/**
 * Where a run's tasks go: this machine's worker processes, or the queue at a Redis URL (its
 * password hidden, `queue-url.ts`).
 */
export type RunPlace =
  | { readonly kind: 'here'; readonly processes: number }
  | { readonly kind: 'queue'; readonly url: string }

/** Events pushed to the renderer. */
export type WorkbenchEvent =
  | { readonly type: 'job.queued'; readonly jobId: string }
  | {
      readonly type: 'job.started'
      readonly jobId: string
      readonly request: { readonly kind: 'tile' | 'convex'; readonly mode: SymmetryMode }
      readonly figures: readonly JobFigure[]
      /**
       * The document as solved, each piece with its own name, colour and count (pieces of one
       * shape in the polygon of the first): tilings index its pieces (`mergeCongruent`).
       */
      readonly document: WorkbenchDocument
      /** Names of pieces counted as one kind because they have the same shape. */
      readonly merged: readonly (readonly string[])[]
      /** Where its tasks run. */
      readonly runsOn: RunPlace
    }
  | {
      readonly type: 'job.progress'
      readonly jobId: string
      readonly fraction: number
      readonly placements: number
      readonly solutions: number
      readonly figuresDone: number
      readonly rate: number
      readonly etaSeconds?: number
      /** Knuth's estimate of the search's nodes, for the figures planned so far. */
      readonly estimatedNodes?: number
      /** Its spread, a factor (`NodeTally`): likely within nodes ÷ spread and × spread. */
      readonly estimatedSpread?: number
      /** Figures planned so far: ruled out, or estimated before their search. */
      readonly figuresPlanned?: number
    }
  | {
      readonly type: 'job.solutions'
      readonly jobId: string
      readonly figure: number
      readonly tilings: readonly {
        readonly pieces: readonly PlacedPiece[]
        readonly classSize: number
      }[]
    }
  | {
      readonly type: 'job.figure'
      readonly jobId: string
      readonly figure: number
      readonly counts: TilingCounts
      readonly stats: TilingStats
      readonly rejected?: string
      readonly complete: boolean
      /** Knuth's estimate of the figure's search size in nodes, as planned. */
      readonly estimatedNodes?: number
      /** Its spread, a factor (absent when the figure was searched whole while planned). */
      readonly estimatedSpread?: number
      /**
       * The figure's tilings stream in as found; when that was out of search order, this puts
       * them in it: for each tiling in search order, its index among those streamed.
       */
      readonly order?: readonly number[]
    }
  | {
      readonly type: 'job.ended'
      readonly jobId: string
      /**
       * 'estimated': stopped before its search, its estimate passing 2·10¹² nodes (days of work) (`force` runs
       * it): information for a deliberate choice, not a failure.
       */
      readonly outcome: 'done' | 'cancelled' | 'failed' | 'estimated'
      readonly error?: string
      /** With 'estimated': Knuth's estimate of the nodes, of the figures planned when it stopped. */
      readonly estimatedNodes?: number
      /** Its spread, a factor. */
      readonly estimatedSpread?: number
      /** Tasks taken from the checkpoint of the same job, stopped earlier. */
      readonly resumed?: number
      readonly elapsedMs: number
    }
  | {
      readonly type: 'estimate.progress'
      readonly estimateId: string
      readonly summary: EstimateSummary
      /** The figures estimated since the last event. */
      readonly figures: readonly { readonly figure: number; readonly estimate: FigureEstimate }[]
    }
  | {
      readonly type: 'estimate.ended'
      readonly estimateId: string
      readonly outcome: 'done' | 'cancelled' | 'failed'
      readonly summary?: EstimateSummary
      readonly error?: string
      readonly elapsedMs: number
    }
  /** Something the user should know that does not stop the job: a worker died, its task ran again. */
  | { readonly type: 'job.notice'; readonly jobId: string; readonly message: string }
  | {
      readonly type: 'plot.state'
      readonly plotId: string
      readonly state: PlotState
      /** Instructions the plotter has taken, of all. */
      readonly sent: number
      readonly total: number
      readonly message?: string
    }
  | {
      readonly type: 'queens.started'
      readonly countId: string
      readonly n: number
      /** Where its tasks run. */
      readonly runsOn: RunPlace
    }
  | ({
      readonly type: 'queens.progress'
      readonly countId: string
      readonly n: number
    } & QueensRunProgress)
  /** A worker that died during a count, its task counted again: one line. */
  | {
      readonly type: 'queens.notice'
      readonly countId: string
      readonly n: number
      readonly message: string
    }
  | {
      readonly type: 'queens.ended'
      readonly countId: string
      readonly n: number
      readonly outcome: 'done' | 'cancelled' | 'failed'
      /** All solutions and those up to the board's symmetries, as decimal strings. */
      readonly total?: string
      readonly unique?: string
      readonly nodes?: number
      /** Tasks taken from the checkpoint of an earlier, unfinished count, of all. */
      readonly resumed?: number
      readonly tasks?: number
      readonly error?: string
      readonly elapsedMs: number
    }
  | ({
      readonly type: 'pentagons.progress'
      readonly searchId: string
      /** Of the whole search, 0 … 1. */
      readonly fraction: number
    } & PentagonProgress)
  | {
      readonly type: 'pentagons.ended'
      readonly searchId: string
      readonly outcome: 'done' | 'cancelled' | 'failed'
      /** The pentagons and the set they were searched for (congruent pieces merged). */
      readonly result?: PentagonsText & { readonly set: PentagonSet }
      readonly error?: string
      readonly elapsedMs: number
      /** Where its tasks ran, once it knew. */
      readonly runsOn?: RunPlace
    }
  | {
      readonly type: 'silhouettes.progress'
      readonly searchId: string
      readonly progress: SilhouetteProgress
      /** Figures counted since the last event that the set builds. */
      readonly candidates: readonly SilhouetteCandidate[]
    }
  | {
      readonly type: 'silhouettes.ended'
      readonly searchId: string
      readonly outcome: 'done' | 'cancelled' | 'failed'
      readonly progress?: SilhouetteProgress
      /** The last figures counted, not yet sent. */
      readonly candidates?: readonly SilhouetteCandidate[]
      /** The figures found that were asked for, by key, easiest first. */
      readonly found?: readonly string[]
      /** Why fewer were found than asked. */
      readonly shortfall?: string
      readonly error?: string
      readonly elapsedMs: number
      /** Where its tasks ran, once it knew. */
      readonly runsOn?: RunPlace
    }
  | ({ readonly type: 'compare.progress'; readonly compareId: string } & CompareProgress)
  | {
      readonly type: 'compare.ended'
      readonly compareId: string
      readonly outcome: 'done' | 'cancelled' | 'failed'
      readonly result?: Comparison
      readonly error?: string
      readonly elapsedMs: number
      /** Where its tasks ran, once it knew. */
      readonly runsOn?: RunPlace
    }
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
  | { readonly type: 'menu'; readonly command: MenuCommand; readonly path?: string }
  | RunEvent

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

/** A figure a silhouette search counted, and whether it is one the search asks for. */
export type SilhouetteCandidate = Silhouette & { readonly asked: boolean }

export type PlotState = 'sending' | 'paused' | 'reconnecting' | 'done' | 'cancelled' | 'failed'

export type MenuCommand =
  'new' | 'open' | 'open-recent' | 'save' | 'save-as' | 'undo' | 'redo' | 'export' | 'about'

/** Validates a call's parameters; the error names the method and the field. */
export function checkParams<M extends Method>(
  method: M,
  params: unknown,
): z.output<(typeof METHODS)[M]> {
  const r = METHODS[method].safeParse(params ?? {})
  if (!r.success) {
    const i = r.error.issues[0]
    throw new Error(`${method}: bad parameters (${i.path.join('.') || 'value'}: ${i.message})`)
  }
  return r.data as z.output<(typeof METHODS)[M]>
}

export function isMethod(name: unknown): name is Method {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(METHODS, name)
}
