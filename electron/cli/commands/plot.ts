import { readFileSyncChecked } from '../../services/input-file'
import { basename } from 'node:path'
import cliProgress from 'cli-progress'
import { InputError } from '../../../shared/errors'
import type { GoOn, PlotUpdate } from '../../services/plotter/driver'
import {
  PlotterService,
  type PlotTarget,
  type PlotterEvent,
} from '../../services/plotter/plotter-service'
import { printable } from '../../../shared/printable'
import { stderrLine } from '../output'
import { goOnHint, goOnOption } from './go-on'
import { ebbDevice, ebbJob, ebbPrograms } from './plot-ebb'

export interface PlotOptions {
  port?: string
  /** The device profile (grbl-servo, axidraw-v3 …): G-code's pen; an AxiDraw; the dry run's speeds. */
  profile?: string
  dryRun?: boolean
  penChange?: boolean
  device?: string
  baud?: string
  flow?: string
  timeout?: string
  /** Where a plot cancelled by Ctrl-C stopped, as its message gave it. */
  from?: string
}

const FLOWS = ['escb', 'rtscts', 'xonxoff'] as const

/**
 * Sends an HPGL file to a pen plotter on a serial port, or writes it to a raw device; Ctrl-C
 * cancels (the plotter drops what it has and lifts the pen), saying how to go on from where it
 * stopped (`--from`). Returns the exit code.
 */
export async function plotCommand(
  file: string,
  opts: PlotOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  const gcode = /\.(gcode|nc|ngc|gc)$/i.test(file)
  if (opts.dryRun) {
    if (opts.port ?? opts.device)
      throw new InputError('--dry-run opens no port: leave out --port and --device')
    if (opts.from !== undefined) throw new InputError('--dry-run plots nothing: leave out --from')
    const { plotDryRun } = await import('./plot-dry-run')
    write(plotDryRun(file, gcode, opts.profile, readHpgl))
    return 0
  }
  const goOn = goOnOption(opts.from)
  if (goOn && opts.device !== undefined)
    throw new InputError('--from goes on with a plot on a serial port (--port), not --device')
  const ebb = gcode ? undefined : ebbDevice(opts.profile)
  if (ebb) {
    if (opts.device ?? opts.flow)
      throw new InputError('--device and --flow are for HPGL plotters; an AxiDraw goes to --port')
    const programs = ebbPrograms(file, readHpgl(file), ebb)
    const bar = plotBar()
    const job = ebbJob(basename(file), programs, ebb, opts, (u) => bar.update(u))
    if (goOn) job.from(goOn)
    // Ctrl-C: the board stops, lifts the pen and parks.
    return plotEnd(basename(file), job.start().finished, () => job.cancel(), bar, signal, write)
  }
  if (gcode) {
    if (opts.device ?? opts.flow ?? opts.timeout)
      throw new InputError('--device, --flow and --timeout are for HPGL; G-code goes to --port')
    const { plotGcode } = await import('./plot-gcode')
    return plotGcode(file, { ...opts, goOn }, signal, write)
  }
  const target = plotTarget(opts)
  const name = basename(file)
  const hpgl = readHpgl(file)
  const bar = plotBar()
  let finish!: (e: PlotterEvent) => void
  const ended = new Promise<PlotterEvent>((resolve) => (finish = resolve))
  const plotter = new PlotterService((e) => {
    bar.update(e)
    if (e.state === 'done' || e.state === 'cancelled' || e.state === 'failed') finish(e)
  })
  let plotId: string
  try {
    plotId = plotter.start(hpgl, target, goOn)
  } catch (e) {
    throw e instanceof InputError ? new InputError(`${name}: ${e.message}`) : e
  }
  return plotEnd(name, ended, () => plotter.cancel(plotId), bar, signal, write)
}

/** Waits for a plot to end, Ctrl-C cancelling it, and says how it ended: the exit code. */
async function plotEnd(
  name: string,
  ended: Promise<{ state: string; message: string; goOn?: GoOn }>,
  cancel: () => void,
  bar: { stop: () => void },
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  signal.addEventListener('abort', cancel, { once: true })
  let end: { state: string; message: string; goOn?: GoOn }
  try {
    end = await ended
  } finally {
    bar.stop()
    signal.removeEventListener('abort', cancel)
  }
  if (end.state === 'failed') throw new InputError(`${name}: ${end.message}`)
  write(`${name}: ${end.message}${goOnHint(end.goOn)}`)
  return end.state === 'cancelled' ? 130 : 0
}

function plotTarget(opts: PlotOptions): PlotTarget {
  if ((opts.port === undefined) === (opts.device === undefined))
    throw new InputError(
      'give --port PATH (a serial port) or --device PATH (a raw device), one of them',
    )
  if (opts.device !== undefined) {
    if (opts.baud ?? opts.flow ?? opts.timeout)
      throw new InputError(
        '--baud, --flow and --timeout are for a serial port (--port), not --device',
      )
    return { kind: 'device', path: opts.device }
  }
  const baudRate = opts.baud === undefined ? 9600 : Number(opts.baud)
  if (!Number.isInteger(baudRate) || baudRate < 110 || baudRate > 1_000_000)
    throw new InputError(`--baud must be a whole number from 110 to 1000000, not "${opts.baud}"`)
  const flow = opts.flow ?? 'escb'
  if (!(FLOWS as readonly string[]).includes(flow))
    throw new InputError(`--flow must be ${FLOWS.join(', ')}, not "${flow}"`)
  const seconds = opts.timeout === undefined ? 30 : Number(opts.timeout)
  if (!(seconds > 0 && seconds <= 86_400))
    throw new InputError(`--timeout must be a number of seconds above 0, not "${opts.timeout}"`)
  return {
    kind: 'serial',
    path: opts.port!,
    baudRate,
    flow: flow as (typeof FLOWS)[number],
    reconnectTimeoutMs: seconds * 1000,
  }
}

// Far beyond any sheet: a page is kilobytes (the tangram's 142 tilings: 45 kB on five A3 pages).
const MAX_HPGL_BYTES = 50e6

function readHpgl(file: string): string {
  return readFileSyncChecked(file, {
    what: 'HPGL file',
    article: 'an',
    encoding: 'latin1',
    maxBytes: MAX_HPGL_BYTES,
  })
}

/**
 * Progress on stderr: a bar on a terminal; elsewhere (a log) a line for each change of state, so
 * that a dropped line and the reconnection show.
 */
function plotBar(): { update: (u: PlotUpdate) => void; stop: () => void } {
  let last = ''
  if (!process.stderr.isTTY)
    return {
      update: (u) => {
        // The end is the command's own output.
        if (u.message !== last && !['done', 'cancelled', 'failed'].includes(u.state))
          stderrLine(u.message)
        last = u.message
      },
      stop: () => {},
    }
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: '{bar} {percentage}% | {confirmed}/{total} instructions | {message}',
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  )
  let started = false
  return {
    update: (u) => {
      const payload = { confirmed: u.confirmed, total: u.total, message: printable(u.message) }
      if (!started) bar.start(1000, 0, payload)
      started = true
      bar.update(Math.round(u.percent * 10), payload)
    },
    stop: () => bar.stop(),
  }
}
