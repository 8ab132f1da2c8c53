import {
  chunkEnd,
  resumePoint,
  resumePrefix,
  stateBefore,
  type PenState,
  type PlotProgram,
  type ReportedState,
} from './plot-program'
import { LineDrop, SerialLink, type FlowControl, type LineSettings } from './serial-link'

/**
 * Plotting jobs: a program sent to a plotter with progress, pause, resume and cancel. The serial
 * job talks with the plotter; writing to a device or a file is in stream-job.ts.
 */

export type PlotJobState = 'sending' | 'paused' | 'reconnecting' | 'done' | 'cancelled' | 'failed'

export interface PlotUpdate {
  state: PlotJobState
  message: string
  /** Instructions sent, and known to have arrived (for a device or file: written), of total. */
  sent: number
  confirmed: number
  total: number
  bytesConfirmed: number
  bytesTotal: number
  /** Of the bytes, confirmed. */
  percent: number
  /** A cancelled plot that can go on: where a new job of the same program goes on from. */
  goOn?: GoOn
}

/**
 * Where a cancelled plot goes on: at step `step` (instruction, command or line), from its start;
 * or, where the device stopped in the middle of that step's move (or after a label, whose end
 * the program cannot know), from `at`, where the device said it stopped, in its units.
 */
export interface GoOn {
  readonly step: number
  readonly at?: readonly [number, number]
}

/** Ends a job as failed, with a message for the user. */
export class PlotFailure extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** What a job needs of a program: its steps' text. */
export interface JobProgram {
  readonly steps: readonly { readonly text: string }[]
  readonly bytes: number
}

export abstract class PlotJob<P extends JobProgram = PlotProgram> {
  readonly finished: Promise<PlotUpdate>
  protected paused = false
  protected cancelled = false
  /** The first instruction not yet known to have arrived. */
  protected next = 0
  protected sent = 0
  protected cancelNote = 'cancelled; the pen is lifted and put away'
  /** What the job did to the instructions, for its last message. */
  protected doneVerb = 'plotted'
  /** Once cancelled, where the plot can go on, if the device said where it stopped. */
  protected stopped: GoOn | undefined
  /** Where this job goes on from: where a cancelled plot of the same program stopped. */
  protected goOn: GoOn | undefined
  private state: PlotJobState = 'sending'
  private message = 'starting'
  private aborting: Promise<void> = Promise.resolve()
  private wake: (() => void) | undefined
  private settle!: (u: PlotUpdate) => void
  /** Bytes before each step, for progress. */
  private offsets: number[] = []
  private readonly started = Date.now()

  constructor(
    protected program: P,
    private readonly listener: (u: PlotUpdate) => void,
  ) {
    this.finished = new Promise((resolve) => (this.settle = resolve))
    this.useProgram(program)
  }

  /** Plots this program instead (before any of it is sent): one the device turned out to take. */
  protected useProgram(program: P): void {
    this.program = program
    this.offsets = [0]
    for (const s of program.steps) this.offsets.push(this.offsets.at(-1)! + s.text.length)
  }

  /**
   * Goes on where a cancelled plot of the same program stopped (its last update's `goOn`),
   * nothing it drew drawn again; call before start.
   */
  from(goOn: GoOn): this {
    this.goOn = goOn
    this.next = this.sent = goOn.step
    return this
  }

  /** A point to go on from beyond this program's end belongs to another plot. */
  protected checkGoOn(unit: string): void {
    const total = this.program.steps.length
    if (this.goOn && this.goOn.step > total)
      throw new PlotFailure(
        `cannot go on from ${unit} ${this.goOn.step + 1}: the plot has ${total} ${unit}s`,
      )
  }

  /** Starts sending; call once. */
  start(): this {
    void this.run().then(
      async (outcome) => {
        await this.aborting
        this.end(
          outcome,
          outcome === 'done'
            ? `${this.doneVerb} ${this.program.steps.length} instructions in ${((Date.now() - this.started) / 1000).toFixed(1)} s`
            : this.cancelNote,
        )
      },
      (e: Error) =>
        this.end('failed', e instanceof PlotFailure ? e.message : `unexpected error: ${e.message}`),
    )
    return this
  }

  get update(): PlotUpdate {
    const bytesConfirmed = this.offsets[this.next]
    const bytesTotal = this.program.bytes
    return {
      state: this.state,
      message: this.message,
      sent: this.sent,
      confirmed: this.next,
      total: this.program.steps.length,
      bytesConfirmed,
      bytesTotal,
      percent: bytesTotal === 0 ? 100 : Math.round((1000 * bytesConfirmed) / bytesTotal) / 10,
      ...(this.state === 'cancelled' && this.stopped && { goOn: this.stopped }),
    }
  }

  /** Stops sending; the plotter finishes what it has. */
  pause(): void {
    if (this.final || this.cancelled) return
    this.paused = true
    if (this.state === 'sending')
      this.setState('paused', 'paused; the plotter finishes what it has')
  }

  resume(): void {
    if (this.final || !this.paused) return
    this.paused = false
    if (this.state === 'paused') this.setState('sending', 'sending')
    this.wake?.()
  }

  /** Stops at once: the plotter drops what it has, lifts the pen and puts it away. */
  cancel(): void {
    if (this.final || this.cancelled) return
    this.cancelled = true
    // A line that breaks meanwhile is no reason to fail: the plot is cancelled either way.
    this.aborting = this.abort().catch(() => {})
    this.wake?.()
  }

  protected abstract run(): Promise<'done' | 'cancelled'>

  /** Tells the plotter to stop, where it can be reached at once; run() sees the flag anyway. */
  protected async abort(): Promise<void> {}

  /** Waits while paused. */
  protected async gate(): Promise<void> {
    while (this.paused && !this.cancelled) await new Promise<void>((r) => (this.wake = r))
  }

  /** Sending, or paused if a pause came while the job was still connecting. */
  protected going(message: string): void {
    this.setState(this.paused ? 'paused' : 'sending', this.paused ? `${message}; paused` : message)
  }

  protected setState(state: PlotJobState, message: string): void {
    this.state = state
    this.message = message
    this.listener(this.update)
  }

  protected progress(): void {
    this.listener(this.update)
  }

  private get final(): boolean {
    return this.state === 'done' || this.state === 'cancelled' || this.state === 'failed'
  }

  private end(state: PlotJobState, message: string): void {
    this.setState(state, message)
    this.settle(this.update)
  }
}

export interface SerialTarget {
  kind: 'serial'
  path: string
  /** 9600 8N1 unless told otherwise. */
  baudRate?: number
  dataBits?: 5 | 6 | 7 | 8
  parity?: 'none' | 'even' | 'odd'
  stopBits?: 1 | 2
  /** ESC.B polling by default: it needs no handshake wires, which cheap USB adapters lack. */
  flow?: FlowControl
  /** Most bytes sent at once. */
  chunkBytes?: number
  /** How long the plotter may take to answer a device-control instruction. */
  replyTimeoutMs?: number
  /** How often to ask for buffer space while the buffer is full. */
  pollMs?: number
  /** How often to try to reopen the port after the line dropped, and for how long. */
  retryMs?: number
  reconnectTimeoutMs?: number
}

type LineTiming = Pick<SerialTarget, 'replyTimeoutMs' | 'pollMs' | 'retryMs' | 'reconnectTimeoutMs'>

/** How long to wait for answers and for a dropped line, unless told. */
export function lineTiming(t: LineTiming): Required<LineTiming> {
  return {
    replyTimeoutMs: t.replyTimeoutMs ?? 2000,
    pollMs: t.pollMs ?? 50,
    retryMs: t.retryMs ?? 250,
    reconnectTimeoutMs: t.reconnectTimeoutMs ?? 30_000,
  }
}

const ESC_B = '\x1b.B'
const ESC_E = '\x1b.E'
const ESC_K = '\x1b.K'

/** What the 7475A's ESC.E codes mean. */
const IO_ERRORS: Record<number, string> = {
  10: 'an output instruction arrived while another was being answered',
  11: 'an invalid byte followed ESC . in a device-control instruction',
  12: 'an invalid byte came inside a device-control instruction',
  13: 'a device-control parameter was out of range',
  14: 'a device-control instruction had too many parameters',
  15: 'a framing, parity or overrun error on the line (check baud rate, data bits, parity and stop bits)',
  16: 'its input buffer overflowed and bytes were lost (check the flow control setting)',
}

const count = (answer: string): number => {
  if (!/^\d+$/.test(answer)) throw new LineDrop(`unexpected answer "${answer}"`)
  return Number(answer)
}

const position = (answer: string): ReportedState => {
  const m = /^(-?\d+),(-?\d+),([01])$/.exec(answer)
  if (!m) throw new LineDrop(`unexpected answer to OA "${answer}"`)
  return { x: Number(m[1]), y: Number(m[2]), down: m[3] === '1' }
}

/**
 * Plots over a serial line, never overrunning the plotter's buffer: with ESC.B flow control it
 * asks for free space and sends whole instructions that fit, then waits for the next answer
 * (which also says the chunk arrived) before sending more; with RTS/CTS or XON/XOFF the port holds
 * back what does not fit and ESC.E's answer confirms each chunk. ESC.E after every chunk reports
 * line and buffer errors. If the line drops, it reopens the port, lets the plotter finish what it
 * has, asks where the pen is and goes on from the instruction that left it there; at home with
 * the pen up, where none left it, the plotter was switched off and on: it goes on after the last
 * instruction sent, the pen, speeds and place set again. Cancel drops the plotter's buffer and
 * learns which instruction it stopped after (`stop`): a new job goes on from there (`from`), the
 * pen, speeds and place set again as after a line drop.
 */
export class SerialPlotJob extends PlotJob {
  private readonly line: LineSettings
  private readonly timing: Required<
    Pick<
      SerialTarget,
      'chunkBytes' | 'replyTimeoutMs' | 'pollMs' | 'retryMs' | 'reconnectTimeoutMs'
    >
  >
  private link: SerialLink | undefined
  /** The plotter's buffer size: the most free space it ever reported. */
  private bufferSize = 0
  /** Sent but not yet confirmed. */
  private chunk: { from: number; to: number } | undefined
  /** The next chunk starts with the state prefix (after a reconnection, or going on). */
  private resumed = false
  /** HP-GL bytes written (escapes never enter the plotter's buffer), and where each step ended. */
  private written = 0
  private readonly ends: number[] = []
  /** Whether every byte written reached the plotter: not from a line drop to its reconnection. */
  private traced = true

  constructor(program: PlotProgram, target: SerialTarget, listener: (u: PlotUpdate) => void) {
    super(program, listener)
    this.line = {
      path: target.path,
      baudRate: target.baudRate ?? 9600,
      dataBits: target.dataBits ?? 8,
      parity: target.parity ?? 'none',
      stopBits: target.stopBits ?? 1,
      flow: target.flow ?? 'escb',
    }
    this.timing = { chunkBytes: target.chunkBytes ?? 256, ...lineTiming(target) }
  }

  protected async run(): Promise<'done' | 'cancelled'> {
    try {
      return await this.plot()
    } finally {
      await this.link?.close()
    }
  }

  private async plot(): Promise<'done' | 'cancelled'> {
    const { path, baudRate, dataBits, parity, stopBits } = this.line
    this.checkGoOn('instruction')
    this.resumed = this.goOn !== undefined
    try {
      this.link = await SerialLink.open(this.line)
    } catch (e) {
      throw new PlotFailure(`cannot open ${path}: ${(e as Error).message}`)
    }
    let free: number
    try {
      // A stale error from before this plot would fail its first chunk.
      await this.link.ask(ESC_E, this.timing.replyTimeoutMs)
      free = await this.askFree()
    } catch (e) {
      if (this.cancelled) return 'cancelled'
      throw new PlotFailure(
        `no plotter answers on ${path} (${(e as Error).message}); check that it is on, the cable, and the line settings (${baudRate} baud, ${dataBits}${parity[0].toUpperCase()}${stopBits})`,
      )
    }
    this.going(`sending to ${path}`)
    for (;;) {
      if (this.cancelled) return this.stop()
      try {
        if (this.next < this.program.steps.length) {
          await this.gate()
          if (!this.cancelled) free = await this.send(free)
        } else if (free < this.bufferSize) {
          // All sent: wait until the plotter has drawn it.
          await sleep(this.timing.pollMs)
          free = await this.askFree()
        } else return 'done'
      } catch (e) {
        if (!(e instanceof LineDrop)) throw e
        this.traced = false
        if (!this.cancelled) free = await this.reconnect()
      }
    }
  }

  /**
   * Cancel, between chunks: the plotter drops what its buffer holds (ESC.K), saying first how much
   * that is (ESC.B, answered as the two arrive together), then where the pen stopped (OA, run once
   * the move it was making is done). What it had taken from its buffer it has run: the plot can go
   * on after that, as after a line drop. Then the pen is lifted and put away, and OA again says
   * it is. All in one write: a plotter holding the line back (XOFF, CTS) takes it as one.
   */
  private async stop(): Promise<'cancelled'> {
    const link = this.link
    if (!link?.alive) {
      this.cancelNote = 'cancelled before the plotter could be told to stop; its pen may be down'
      return 'cancelled'
    }
    const { replyTimeoutMs, reconnectTimeoutMs } = this.timing
    // Under a handshake the line is held while the plotter draws what it has (as in send).
    const wait =
      this.line.flow === 'escb' ? replyTimeoutMs : Math.max(replyTimeoutMs, reconnectTimeoutMs)
    link.write(`${ESC_B}${ESC_K}OA;PU;SP0;OA;`)
    try {
      const held = this.bufferSize - count(await link.answer(wait))
      const at = position(await link.answer(wait))
      const stopped = this.traced ? this.stoppedAt(this.written - held, at) : undefined
      await link.answer(wait)
      this.stopped = stopped
    } catch {
      // Not answered: where it stopped is not known, and whether the pen is up.
      this.cancelNote = 'cancelled; the plotter did not answer, so its pen may still be down'
      return 'cancelled'
    }
    if (this.stopped)
      this.cancelNote = `cancelled at instruction ${this.stopped.step + 1} of ${this.program.steps.length}; the pen is lifted and put away`
    return 'cancelled'
  }

  /**
   * The first instruction the plotter had not run when it stopped, `taken` bytes into what was
   * written: checked against where OA says the pen is (a plotter that ran one more while ESC.K
   * was on its way is where a later one leaves it). After a label, whose end the program does not
   * know, the plot goes on from where OA says. Going on and stopped before it ran a step of its
   * own (in the middle of setting the state again, say): where it was to go on from.
   */
  private stoppedAt(taken: number, at: ReportedState): GoOn | undefined {
    let e = this.sent
    while (e > 0 && this.ends[e - 1] > taken) e--
    const unknown = (k: number) => stateBefore(this.program, k).position === null
    const k = unknown(e) ? e : resumePoint(this.program, e, this.sent, at)
    if (k === undefined) return e === this.goOn?.step ? this.goOn : undefined
    return unknown(k) ? { step: k, at: [at.x, at.y] } : { step: k }
  }

  /** The state to set again before instruction `next`: where the pen stopped, if the program cannot say. */
  private restored(): PenState {
    const s = stateBefore(this.program, this.next)
    const at = this.goOn?.step === this.next ? this.goOn.at : undefined
    return at && !s.position ? { ...s, position: [at[0], at[1]] } : s
  }

  /** Sends the next chunk, or waits for room; returns the free space after it. */
  private async send(free: number): Promise<number> {
    const { chunkBytes, replyTimeoutMs, reconnectTimeoutMs, pollMs } = this.timing
    const escb = this.line.flow === 'escb'
    const prefix = this.resumed ? resumePrefix(this.restored()) : ''
    const end = chunkEnd(
      this.program,
      this.next,
      escb ? Math.min(free, chunkBytes) : chunkBytes,
      prefix.length,
    )
    if (end === this.next) {
      const step = this.program.steps[this.next]
      const needed = prefix.length + step.text.length
      const room = Math.min(chunkBytes, this.bufferSize)
      if (needed > room)
        throw new PlotFailure(
          `line ${step.line}: the instruction takes ${needed} bytes, more than the plotter's buffer or the chunk size allows (${room})`,
        )
      await sleep(pollMs)
      return this.askFree()
    }
    const text = this.program.steps
      .slice(this.next, end)
      .map((s) => s.text)
      .join('')
    this.link!.write(prefix + text + ESC_E + (escb ? ESC_B : ''))
    this.written += prefix.length
    for (let i = this.next; i < end; i++) {
      this.written += this.program.steps[i].text.length
      this.ends[i] = this.written
    }
    this.chunk = { from: this.next, to: end }
    this.sent = end
    this.progress()
    // Under hardware or XON/XOFF handshake the answer waits behind the chunk, which waits for
    // the pen: only a long silence means the line is gone.
    const wait = escb ? replyTimeoutMs : Math.max(replyTimeoutMs, reconnectTimeoutMs)
    const error = count(await this.link!.answer(wait))
    if (error !== 0)
      throw new PlotFailure(
        `the plotter reports error ${error}: ${IO_ERRORS[error] ?? 'an unknown I/O error'}`,
      )
    // Without ESC.B, the free space is unknown: 0 makes the end wait until the plotter is done.
    const after = escb ? this.free(await this.link!.answer(wait)) : 0
    this.next = end
    this.chunk = undefined
    this.resumed = false
    this.progress()
    return after
  }

  private async askFree(): Promise<number> {
    return this.free(await this.link!.ask(ESC_B, this.timing.replyTimeoutMs))
  }

  private free(answer: string): number {
    const n = count(answer)
    this.bufferSize = Math.max(this.bufferSize, n)
    return n
  }

  private async reconnect(): Promise<number> {
    const { path } = this.line
    const { retryMs, reconnectTimeoutMs, replyTimeoutMs, pollMs } = this.timing
    this.setState('reconnecting', `the line to ${path} dropped; reconnecting`)
    await this.link?.close()
    const deadline = Date.now() + reconnectTimeoutMs
    for (;;) {
      if (this.cancelled) return 0
      if (Date.now() > deadline)
        throw new PlotFailure(
          `the line to the plotter on ${path} dropped and did not come back within ${reconnectTimeoutMs / 1000} s; ${this.next} of ${this.program.steps.length} instructions had reached it`,
        )
      try {
        this.link = await SerialLink.open(this.line)
        // Pulling a cable leaves framing errors behind.
        await this.link.ask(ESC_E, replyTimeoutMs)
        // The plotter finishes what it has, whose last instruction may have been cut short.
        while ((await this.askFree()) < this.bufferSize) {
          if (this.cancelled) return 0
          await sleep(pollMs)
        }
        this.link.write(ESC_K)
        const at = position(await this.link.ask('OA;', replyTimeoutMs))
        const { from, to } = this.chunk ?? { from: this.next, to: this.next }
        const total = this.program.steps.length
        let k = resumePoint(this.program, from, to, at)
        let lost = ''
        if (k === undefined && at.x === 0 && at.y === 0 && !at.down) {
          // Switched off and on: it started afresh at home, and what its buffer held went with
          // the power, run or not. Going on after the last instruction sent draws nothing twice.
          if (stateBefore(this.program, this.sent).position === null)
            throw new PlotFailure(
              `the plotter was switched off and on in the middle of a label, whose end it cannot be sent back to; ${from} of ${total} instructions had been plotted`,
            )
          k = this.sent
          lost = `; it was switched off and on: what its buffer held (${this.bufferSize} bytes at most) may be missing`
        }
        if (k === undefined)
          throw new PlotFailure(
            `after the line came back the pen is at ${at.x},${at.y} (${at.down ? 'down' : 'up'}), not where the plot left it; was the pen moved by hand? ${from} of ${total} instructions had been plotted`,
          )
        this.next = k
        this.sent = k
        this.chunk = undefined
        this.resumed = true
        // It has run all it held: nothing written is still to come.
        this.traced = true
        this.going(`reconnected; going on from instruction ${k + 1} of ${total}${lost}`)
        return this.bufferSize
      } catch (e) {
        if (e instanceof PlotFailure) throw e
        await this.link?.close()
        await sleep(retryMs)
      }
    }
  }
}
