import { basename } from 'node:path'
import { InputError } from '../../../shared/errors'
import { ebbProgram, hpglOnEbb } from '../../../shared/ebb/write'
import { interpretHpgl, parseHpgl } from '../../../shared/hpgl/parse'
import type { EbbProfile } from '../../../shared/plotter/profile'
import { defaultDataDir } from '../../services/plotter/announced'
import { loadDevices } from '../../services/plotter/device-profiles'
import type { PlotUpdate } from '../../services/plotter/driver'
import { EbbPlotJob, type EbbPrograms } from '../../services/plotter/ebb-driver'
import { askPenChange, enterPressed } from './pen-change'

/**
 * `plot FILE --profile axidraw-v3`: an HP-GL file's drawing at its true size, centred on the
 * AxiDraw's paper, plotted over its EBB commands a layer per pen (or timed, with --dry-run).
 */

/** The EBB device of that id, if the id names one. */
export function ebbDevice(id: string | undefined): EbbProfile | undefined {
  const d = id === undefined ? undefined : loadDevices(defaultDataDir()).find((x) => x.id === id)
  return d?.protocol === 'ebb' ? d : undefined
}

/** The file's drawing as the AxiDraw's programs, with SM moves and with LM moves. */
export function ebbPrograms(file: string, hpgl: string, device: EbbProfile): EbbPrograms {
  try {
    const { paths } = hpglOnEbb(interpretHpgl(parseHpgl(hpgl)), device)
    return { sm: ebbProgram(paths, device, false), lm: ebbProgram(paths, device, true) }
  } catch (e) {
    throw e instanceof InputError ? new InputError(`${basename(file)}: ${e.message}`) : e
  }
}

export interface EbbPlotOptions {
  port?: string
  baud?: string
  timeout?: string
  /** False: at each new pen's layer go on at once (`--no-pen-change`). */
  penChange?: boolean
}

/**
 * The job that plots `name` on the AxiDraw at `--port`, its options checked; at each new pen's
 * layer it waits for Enter (or goes on, with `--no-pen-change`), and after a power loss for Enter
 * once the carriage is home.
 */
export function ebbJob(
  name: string,
  programs: EbbPrograms,
  device: EbbProfile,
  opts: EbbPlotOptions,
  listener: (u: PlotUpdate) => void,
): EbbPlotJob {
  if (opts.port === undefined)
    throw new InputError('give --port PATH: the serial port the AxiDraw is on')
  const baudRate = opts.baud === undefined ? 9600 : Number(opts.baud)
  if (!Number.isInteger(baudRate) || baudRate < 110 || baudRate > 4_000_000)
    throw new InputError(`--baud must be a whole number from 110 to 4000000, not "${opts.baud}"`)
  const seconds = opts.timeout === undefined ? 30 : Number(opts.timeout)
  if (!(seconds > 0 && seconds <= 86_400))
    throw new InputError(`--timeout must be a number of seconds above 0, not "${opts.timeout}"`)
  const job: EbbPlotJob = new EbbPlotJob(
    programs,
    device,
    { path: opts.port, baudRate, reconnectTimeoutMs: seconds * 1000 },
    listener,
    askPenChange(name, opts.penChange, () => job.cancel()),
    (what) => enterPressed(`${name}: ${what} and press Enter`, () => job.cancel()),
  )
  return job
}
