import { z } from 'zod'
import { exportSettingsSchema } from '../drawing/export-settings'
import type { DeviceProfile } from '../plotter/profile'
import type { PlotTime } from '../plotter/plot-time'
import { none, path } from './fields'

/* Sheets of a job's tilings, of pentagons or of tilings off the lattice: exported as files, or plotted. */

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

/**
 * Whose sheet an export or a plot draws: a listing job's tilings, pentagons a search found, or
 * the tilings a run of kind `exact` listed.
 */
const sheetSource = {
  jobId: z.string().max(100).optional(),
  /**
   * Pentagons by their numbers (from 1) in the list of a finished run of kind `pentagons`: all,
   * or those a filter shows.
   */
  pentagons: z
    .strictObject({
      runId: z.string().max(100),
      numbers: z.array(z.number().int().min(1)).min(1).max(10_000),
    })
    .optional(),
  /** The figures with exact corners a finished run of kind `exact` tiled, with their tilings. */
  exact: z.strictObject({ runId: z.string().max(100) }).optional(),
}
const oneSource = {
  check: (p: { jobId?: string; pentagons?: object; exact?: object }) =>
    [p.jobId, p.pentagons, p.exact].filter((s) => s !== undefined).length === 1,
  error: { error: 'give one of a jobId, pentagons or exact' },
}

export const EXPORT_METHODS = {
  /** Writes what a listing job found as a solutions file (shared/formats/solutions.ts). */
  'export.solutions': z.strictObject({ jobId: z.string().max(100), path }),
  /**
   * Writes a job's solutions as a sheet or one solution (SVG, PDF, HPGL, G-code or line-printer text), or
   * pentagons or tilings off the lattice as a sheet (SVG, PDF, HPGL).
   */
  'export.sheet': z
    .strictObject({ ...sheetSource, path, settings: exportSettingsSchema })
    .refine(oneSource.check, oneSource.error),
  'plotter.ports': none,
  /** The device profiles: the bundled ones and the user's `devices.json`, read by the host. */
  'plotter.devices': none,
  /** How long plotting one page takes on the chosen device, as `plot --dry-run` times it. */
  'plotter.plan': z
    .strictObject({
      ...sheetSource,
      settings: exportSettingsSchema,
      page: z.number().int().min(0).max(10_000),
    })
    .refine(oneSource.check, oneSource.error),
  /** Plots one page of a sheet (as HPGL) on a serial port, a raw device or into a file. */
  'plotter.start': z
    .strictObject({
      ...sheetSource,
      settings: exportSettingsSchema,
      page: z.number().int().min(0).max(10_000),
      target: plotTargetSchema,
    })
    .refine(oneSource.check, oneSource.error),
  'plotter.pause': z.strictObject({ plotId: z.string().max(100) }),
  /**
   * Goes on with a paused plot; or with a cancelled one whose last event said `canGoOn`, from
   * where the plotter stopped (the same plot id, nothing drawn twice).
   */
  'plotter.resume': z.strictObject({ plotId: z.string().max(100) }),
  'plotter.cancel': z.strictObject({ plotId: z.string().max(100) }),
} as const

/** A serial port or device to plot on: its path, and what a person choosing sees. */
export interface PortEntry {
  readonly path: string
  readonly label: string
}

export interface ExportResults {
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
  /** `error`: why the user's devices file was left out (the bundled devices are still there). */
  'plotter.devices': { devices: DeviceProfile[]; error?: string }
  'plotter.plan': PlotTime
  'plotter.start': { plotId: string }
  'plotter.pause': null
  'plotter.resume': null
  'plotter.cancel': null
}

export type PlotEvent = {
  readonly type: 'plot.state'
  readonly plotId: string
  readonly state: PlotState
  /** Instructions the plotter has taken, of all. */
  readonly sent: number
  readonly total: number
  readonly message?: string
  /** Cancelled where the plotter said it stopped: `plotter.resume` goes on from there. */
  readonly canGoOn?: true
}

export type PlotState = 'sending' | 'paused' | 'reconnecting' | 'done' | 'cancelled' | 'failed'
