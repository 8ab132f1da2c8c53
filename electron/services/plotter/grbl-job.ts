import { penLines } from '../../../shared/gcode/write'
import type { GcodeProfile } from '../../../shared/plotter/profile'
import type { GoOn, PlotJobState, PlotUpdate, SerialTarget } from './driver'
import { GrblDriver } from './grbl-driver'
import { gcodeLines } from './program-time'
import { SerialLink, type LineSettings } from './serial-link'

/**
 * A G-code plot to GRBL for the app, reporting as the HP-GL jobs do (`PlotUpdate`): the driver's
 * answered lines as progress, its feed hold as pause, a new pen's layer as a pause until Resume
 * (the pen is in), a pulled cable as reconnecting, a power loss as a pause until Resume (the
 * carriage is at the origin); cancelled, where it can go on (`from`). The line's speed and framing are the device
 * profile's (GRBL talks 115200 8N1 whatever an HP-GL plotter on the same panel wanted).
 */
export class GrblPlotJob {
  readonly finished: Promise<PlotUpdate>
  private readonly lines: string[]
  /** Bytes before each line, for progress. */
  private readonly offsets: number[] = [0]
  private driver: GrblDriver | undefined
  private state: PlotJobState = 'sending'
  private message = 'starting'
  private acknowledged = 0
  private cancelled = false
  private paused = false
  /** Where this plot goes on from, and, cancelled, where it stopped. */
  private goOn: GoOn | undefined
  private stopped: GoOn | undefined
  /** Set while GRBL holds at a new pen's layer, or for its carriage after a power loss: Resume goes on. */
  private penIn: (() => void) | undefined
  private settle!: (u: PlotUpdate) => void

  constructor(
    gcode: string,
    private readonly device: GcodeProfile,
    private readonly target: SerialTarget,
    private readonly listener: (u: PlotUpdate) => void,
  ) {
    this.lines = gcodeLines(gcode)
    for (const l of this.lines) this.offsets.push(this.offsets.at(-1)! + l.length + 1)
    this.finished = new Promise((resolve) => (this.settle = resolve))
  }

  /** Goes on where a cancelled plot of the same G-code stopped (its update's `goOn`); before start. */
  from(goOn: GoOn): this {
    this.goOn = goOn
    this.acknowledged = goOn.step
    return this
  }

  start(): this {
    void this.run().then(
      ({ state, message, goOn }) => {
        this.stopped = goOn
        this.end(state, message)
      },
      (e: Error) => this.end('failed', e.message),
    )
    return this
  }

  pause(): void {
    if (this.final || this.cancelled || this.penIn) return
    this.paused = true
    this.driver?.pause()
    this.set('paused', 'paused (feed hold)')
  }

  resume(): void {
    if (this.final || this.cancelled) return
    if (this.penIn) {
      this.penIn()
      this.penIn = undefined
    } else if (this.paused) {
      this.paused = false
      this.driver?.resume()
    } else return
    this.set('sending', 'sending')
  }

  cancel(): void {
    if (this.final || this.cancelled) return
    this.cancelled = true
    this.driver?.cancel()
  }

  get update(): PlotUpdate {
    const bytesConfirmed = this.offsets[Math.min(this.acknowledged, this.lines.length)]
    const bytesTotal = this.offsets.at(-1)!
    return {
      state: this.state,
      message: this.message,
      sent: this.acknowledged,
      confirmed: this.acknowledged,
      total: this.lines.length,
      bytesConfirmed,
      bytesTotal,
      percent: bytesTotal === 0 ? 100 : Math.round((1000 * bytesConfirmed) / bytesTotal) / 10,
      ...(this.state === 'cancelled' && this.stopped && { goOn: this.stopped }),
    }
  }

  private async run(): Promise<{ state: PlotJobState; message: string; goOn?: GoOn }> {
    const { serial } = this.device
    const line: LineSettings = {
      path: this.target.path,
      baudRate: serial.baudRate,
      dataBits: 8,
      parity: 'none',
      stopBits: 1,
      flow: 'escb',
    }
    let link: SerialLink
    try {
      link = await SerialLink.open(line)
    } catch (e) {
      return { state: 'failed', message: `cannot open ${line.path}: ${(e as Error).message}` }
    }
    try {
      this.driver = new GrblDriver(link, this.lines, {
        bufferSize: this.device.buffer,
        penUp: penLines(this.device.pen).up,
        device: this.device,
        reopen: () => SerialLink.open(line),
        replyTimeoutMs: this.target.replyTimeoutMs,
        reconnectTimeoutMs: this.target.reconnectTimeoutMs,
        retryMs: this.target.retryMs,
        onProgress: (n) => {
          this.acknowledged = n
          this.listener(this.update)
        },
        onPenChange: (layer, layers) =>
          this.hold(`layer ${layer} of ${layers}: put its pen in, then Resume`),
        onPowerLoss: (what) => this.hold(`${what}, then Resume`),
        onReconnect: (m) => this.set(m.startsWith('reconnected') ? 'sending' : 'reconnecting', m),
        goOn: this.goOn,
      })
      if (this.cancelled) return { state: 'cancelled', message: 'cancelled before it began' }
      if (this.paused) this.driver.pause()
      this.set(this.paused ? 'paused' : 'sending', `sending to ${line.path}`)
      return await this.driver.run()
    } finally {
      await link.close()
    }
  }

  /** Paused until Resume. */
  private hold(message: string): Promise<void> {
    this.set('paused', message)
    return new Promise<void>((r) => (this.penIn = r))
  }

  private get final(): boolean {
    return this.state === 'done' || this.state === 'cancelled' || this.state === 'failed'
  }

  private set(state: PlotJobState, message: string): void {
    this.state = state
    this.message = message
    this.listener(this.update)
  }

  private end(state: PlotJobState, message: string): void {
    this.set(state, message)
    this.settle(this.update)
  }
}
