import { InputError } from '../../../shared/errors'
import type { EbbProfile, GcodeProfile } from '../../../shared/plotter/profile'
import {
  SerialPlotJob,
  type GoOn,
  type PlotJob,
  type PlotUpdate,
  type SerialTarget,
} from './driver'
import { announcedPlotters } from './announced'
import { EbbPlotJob, type EbbPrograms } from './ebb-driver'
import { GrblPlotJob } from './grbl-job'
import { plotProgram } from './plot-program'
import { listPorts, type PortInfo } from './ports'
import { StreamPlotJob, type DeviceTarget, type FileTarget } from './stream-job'

export type PlotTarget = SerialTarget | DeviceTarget | FileTarget

export interface PlotterEvent extends PlotUpdate {
  plotId: string
}

/** What the service does with a running plot, whatever the protocol. */
interface RunningPlot extends Pick<PlotJob, 'finished' | 'pause' | 'resume' | 'cancel'> {
  from(goOn: GoOn): unknown
  start(): unknown
}

/** Makes a plot's job, reporting through `emit`. */
type MakeJob = (emit: (u: PlotUpdate) => void) => RunningPlot

/**
 * The app's plotting: jobs started from HPGL text (G-code for GRBL, EBB programs for an AxiDraw), each reporting its state and progress through
 * the listener until it ends (done, cancelled or failed). The last plot cancelled where the
 * device said it stopped goes on from there on Resume, under its id, until another starts.
 * Plain Node, for the main process or the command line.
 */
export class PlotterService {
  private readonly jobs = new Map<string, RunningPlot>()
  private nextPlot = 1
  /** The last plot cancelled where it can go on: how to make its job again, and from where. */
  private stopped: { plotId: string; make: MakeJob; goOn: GoOn } | undefined

  /** `dataDir`: the data folder simulated plotters announce themselves in (`announced.ts`). */
  constructor(
    private readonly listener: (e: PlotterEvent) => void,
    private readonly dataDir?: string,
  ) {}

  /** The serial ports, a running simulated plotter first: it is there because the user started it. */
  async ports(): Promise<PortInfo[]> {
    return [...this.simulators(), ...(await listPorts())]
  }

  simulators(): PortInfo[] {
    return this.dataDir === undefined ? [] : announcedPlotters(this.dataDir)
  }

  /** Returns the plot's id; throws an InputError, naming line and column, if the HPGL cannot be plotted. */
  start(hpgl: string, target: PlotTarget, goOn?: GoOn): string {
    const program = plotProgram(hpgl)
    const plotId = `plot-${this.nextPlot++}`
    return this.track(
      plotId,
      (emit) =>
        target.kind === 'serial'
          ? new SerialPlotJob(program, target, emit)
          : new StreamPlotJob(program, target, emit),
      goOn,
    )
  }

  /** A G-code plot, streamed to GRBL on a serial port; returns the plot's id. */
  startGcode(gcode: string, device: GcodeProfile, target: PlotTarget): string {
    if (target.kind !== 'serial')
      throw new InputError(
        `G-code goes to GRBL on a serial port; to write it to a file or device, export it`,
      )
    return this.track(
      `plot-${this.nextPlot++}`,
      (emit) => new GrblPlotJob(gcode, device, target, emit),
    )
  }

  /** An AxiDraw plot (its SM and LM programs) on a serial port; returns the plot's id. */
  startEbb(programs: EbbPrograms, device: EbbProfile, target: PlotTarget): string {
    if (target.kind !== 'serial')
      throw new InputError(
        `an AxiDraw takes its commands on a serial port, answering each; choose its port`,
      )
    const { path, replyTimeoutMs, pollMs, retryMs, reconnectTimeoutMs } = target
    const line = { path, baudRate: device.serial.baudRate, replyTimeoutMs, pollMs, retryMs }
    return this.track(
      `plot-${this.nextPlot++}`,
      (emit) => new EbbPlotJob(programs, device, { ...line, reconnectTimeoutMs }, emit),
    )
  }

  private track(plotId: string, make: MakeJob, goOn?: GoOn): string {
    this.stopped = undefined
    const job = make((u) => this.listener({ plotId, ...u }))
    this.jobs.set(plotId, job)
    void job.finished.then((end) => {
      this.jobs.delete(plotId)
      if (end.goOn && !this.stopped && this.jobs.size === 0)
        this.stopped = { plotId, make, goOn: end.goOn }
    })
    if (goOn) job.from(goOn)
    job.start()
    return plotId
  }

  // A plot that has ended, or never was, is left alone: the user may click as it ends.
  pause(plotId: string): void {
    this.jobs.get(plotId)?.pause()
  }

  /** Goes on after a pause; or, cancelled where it can go on, from there (a new job, the same id). */
  resume(plotId: string): void {
    const stopped = this.stopped
    if (stopped?.plotId === plotId && !this.jobs.has(plotId))
      this.track(plotId, stopped.make, stopped.goOn)
    else this.jobs.get(plotId)?.resume()
  }

  cancel(plotId: string): void {
    this.jobs.get(plotId)?.cancel()
  }
}
