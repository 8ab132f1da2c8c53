import { SerialPlotJob, type PlotJob, type PlotUpdate, type SerialTarget } from './driver'
import { announcedPlotters } from './announced'
import { plotProgram } from './plot-program'
import { listPorts, type PortInfo } from './ports'
import { StreamPlotJob, type DeviceTarget, type FileTarget } from './stream-job'

export type PlotTarget = SerialTarget | DeviceTarget | FileTarget

export interface PlotterEvent extends PlotUpdate {
  plotId: string
}

/**
 * The app's plotting: jobs started from HPGL text, each reporting its state and progress through
 * the listener until it ends (done, cancelled or failed). Plain Node, for the main process or the
 * command line.
 */
export class PlotterService {
  private readonly jobs = new Map<string, PlotJob>()
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
    const emit = (u: PlotUpdate) => this.listener({ plotId, ...u })
    const job =
      target.kind === 'serial'
        ? new SerialPlotJob(program, target, emit)
        : new StreamPlotJob(program, target, emit)
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
