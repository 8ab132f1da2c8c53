import { InputError } from '../../../shared/errors'
import type { EbbProfile, GcodeProfile } from '../../../shared/plotter/profile'
import { SerialPlotJob, type PlotJob, type PlotUpdate, type SerialTarget } from './driver'
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
type RunningPlot = Pick<PlotJob, 'finished' | 'pause' | 'resume' | 'cancel'>

/**
 * The app's plotting: jobs started from HPGL text (G-code for GRBL, EBB programs for an AxiDraw), each reporting its state and progress through
 * the listener until it ends (done, cancelled or failed). Plain Node, for the main process or the
 * command line.
 */
export class PlotterService {
  private readonly jobs = new Map<string, RunningPlot>()
  private nextPlot = 1

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
  start(hpgl: string, target: PlotTarget): string {
    const program = plotProgram(hpgl)
    const plotId = `plot-${this.nextPlot++}`
    return this.track(plotId, (emit) =>
      target.kind === 'serial'
        ? new SerialPlotJob(program, target, emit)
        : new StreamPlotJob(program, target, emit),
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

  private track<J extends RunningPlot & { start(): unknown }>(
    plotId: string,
    make: (emit: (u: PlotUpdate) => void) => J,
  ): string {
    const job = make((u) => this.listener({ plotId, ...u }))
    this.jobs.set(plotId, job)
    void job.finished.then(() => this.jobs.delete(plotId))
    job.start()
    return plotId
  }

  // A plot that has ended, or never was, is left alone: the user may click as it ends.
  pause(plotId: string): void {
    this.jobs.get(plotId)?.pause()
  }

  resume(plotId: string): void {
    this.jobs.get(plotId)?.resume()
  }

  cancel(plotId: string): void {
    this.jobs.get(plotId)?.cancel()
  }
}
