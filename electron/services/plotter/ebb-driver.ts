import { carriageAt } from '../../../shared/ebb/motion'
import { motorMove, parseEbbCommand } from '../../../shared/ebb/parse'
import {
  goOnCommands,
  parkCommands,
  restoreCommands,
  type EbbProgram,
} from '../../../shared/ebb/write'
import type { EbbProfile } from '../../../shared/plotter/profile'
import { lineTiming, PlotFailure, PlotJob, type GoOn, type PlotUpdate } from './driver'
import { chunkEnd, onTheWay, resumePoint, stateBefore, type ReportedState } from './plot-program'
import { LineDrop, SerialLink } from './serial-link'

/**
 * Plots an EBB program on an AxiDraw over its USB serial line: asks the firmware's version (`V`)
 * and sends the LM program only where the firmware has LM (2.7.0 on), else the SM one; sends a
 * command, waits for its `OK`, sends the next. The board answers a motion command once it is in
 * its queue, one deep behind the one running, so the last two answered may not have run yet.
 * Pause stops sending (the board finishes what it has); cancel, or a command the board refuses,
 * stops it (`ES`), lifts the pen and parks the carriage at home. If the line drops, it reopens
 * the port, waits for the motors to stop, asks where they are (`QS`) and the pen (`QP`), and goes
 * on from the command that left them there, never one already run. Cancelled, it notes where the
 * carriage stopped (ES may halt it in the middle of a move): a new job goes on from there
 * (`from`), the rest of that move first, nothing drawn twice. Before each new pen's layer
 * it waits for the layer before to be drawn and the pen to be changed: `onPenChange` resolves, or
 * without it the job holds as paused until Resume.
 */

export interface EbbTarget {
  path: string
  /** The board is USB: any rate does; 9600 unless told. */
  baudRate?: number
  /** How long a question may take to be answered. */
  replyTimeoutMs?: number
  /**
   * How long a move may wait for room in the board's queue (default: the reply timeout and twice
   * the program's longest move).
   */
  queueTimeoutMs?: number
  /** How often to ask whether the motors still run, while waiting for them. */
  pollMs?: number
  /** How often to try to reopen the port after the line dropped, and for how long. */
  retryMs?: number
  reconnectTimeoutMs?: number
}

/** The same plot with SM moves (any firmware) and, if made, with LM moves. */
export interface EbbPrograms {
  readonly sm: EbbProgram
  readonly lm?: EbbProgram
}

/** LM came with EBB firmware 2.7.0. */
const LM_VERSION = [2, 7, 0]

/** EM switches the motors at once, whatever is still queued: it waits for them to stand still. */
const actsAtOnce = (text: string): boolean => text.startsWith('EM')

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The version in `V`'s answer ("EBBv13_and_above EB Firmware Version 2.8.1"). */
function firmwareVersion(answer: string): number[] {
  const m = /Version\s+(\d+)\.(\d+)\.(\d+)/.exec(answer)
  if (!m) throw new LineDrop(`unexpected answer to V "${answer}"`)
  return m.slice(1).map(Number)
}

const atLeast = (v: readonly number[], w: readonly number[]): boolean => {
  for (let i = 0; i < w.length; i++) if (v[i] !== w[i]) return v[i] > w[i]
  return true
}

export class EbbPlotJob extends PlotJob<EbbProgram> {
  private readonly timing: Required<Omit<EbbTarget, 'path' | 'baudRate' | 'queueTimeoutMs'>>
  private link: SerialLink | undefined
  /** Steps before this are known to have run (the motors were seen standing after them). */
  private ran = 0
  /** The longest a command may wait to be answered: two of the longest moves, and the timeout. */
  private answerMs = 0
  /** Going on, the first step of the program it sends (once set up where it stopped). */
  private firstSent: number | undefined
  /** The layers' first steps the plot has held at: a resume from before one holds there no more. */
  private readonly held = new Set<number>()
  private cancelled$!: () => void
  private readonly cancelling = new Promise<void>((r) => (this.cancelled$ = r))

  constructor(
    private readonly programs: EbbPrograms,
    private readonly device: EbbProfile,
    private readonly target: EbbTarget,
    listener: (u: PlotUpdate) => void,
    private readonly onPenChange?: (layer: number, layers: number) => Promise<void>,
    /** Resolves once the carriage is home after a power loss (told what to do). */
    private readonly onPowerLoss?: (what: string) => Promise<void>,
  ) {
    super(programs.sm, listener)
    this.cancelNote = 'cancelled; the pen is lifted and the carriage parked'
    this.timing = lineTiming(target)
  }

  override cancel(): void {
    super.cancel()
    this.cancelled$()
  }

  protected async run(): Promise<'done' | 'cancelled'> {
    try {
      return await this.plot()
    } finally {
      await this.link?.close()
    }
  }

  private async plot(): Promise<'done' | 'cancelled'> {
    const { path } = this.target
    let version: number[]
    try {
      this.link = await this.open()
    } catch (e) {
      throw new PlotFailure(`cannot open ${path}: ${(e as Error).message}`)
    }
    try {
      version = firmwareVersion(await this.askFor('V', /^EBB|Version/))
    } catch (e) {
      if (this.cancelled) return 'cancelled'
      throw new PlotFailure(
        `no AxiDraw (EiBotBoard) answers on ${path} (${(e as Error).message}); check that it is on and the cable`,
      )
    }
    const lm = this.programs.lm !== undefined && atLeast(version, LM_VERSION)
    if (lm) this.useProgram(this.programs.lm!)
    const longest = this.program.steps.reduce(
      (most, s) => Math.max(most, motorMove(parseEbbCommand(s.text))?.ms ?? 0),
      0,
    )
    this.answerMs = this.target.queueTimeoutMs ?? this.timing.replyTimeoutMs + 2 * longest
    this.checkGoOn('command')
    if (this.goOn) await this.goOnFrom(this.goOn)
    this.going(`sending to ${path} (EBB ${version.join('.')}, ${lm ? 'LM' : 'SM'} moves)`)
    const steps = this.program.steps
    while (this.next < steps.length) {
      await this.gate()
      try {
        if (this.cancelled) {
          await this.park()
          return 'cancelled'
        }
        if (this.program.penChanges.includes(this.next) && !this.held.has(this.next))
          await this.penChange()
        else await this.send()
      } catch (e) {
        if (!(e instanceof LineDrop)) throw e
        await this.reconnect()
        if (this.cancelled) {
          this.cancelNote = 'cancelled while the line was down; the pen may be down'
          return 'cancelled'
        }
      }
    }
    return 'done'
  }

  /** Sends the next command and waits for its answer. */
  private async send(): Promise<void> {
    const k = this.next
    const steps = this.program.steps
    // After a line drop the board may stand anywhere between the last steps it was seen to run
    // and this one: they must leave it in states it does not come back to, or it could not be
    // told where it got to. Else first wait for it to stand still.
    const from = Math.max(this.ran, k - 2)
    const bytes = steps.slice(from, k + 1).reduce((n, s) => n + s.text.length, 0)
    if (chunkEnd(this.program, from, bytes) <= k || actsAtOnce(steps[k].text))
      await this.standStill()
    this.link!.write(`${steps[k].text}\r`)
    this.sent = k + 1
    const answer = await this.link!.answer(this.answerMs)
    if (answer !== 'OK') {
      const message = `command ${k + 1} of ${steps.length} (${steps[k].text}): the board says "${answer}"`
      try {
        await this.park()
      } catch {
        throw new PlotFailure(`${message}; the pen could not be lifted`)
      }
      throw new PlotFailure(`${message}; the pen is lifted and the carriage parked`)
    }
    this.next = k + 1
    this.progress()
  }

  /**
   * After a line drop the board counts from 0,0 with the pen up, not where the plot left it: it
   * was switched off and on (power lost), its settings and motors off. Once the carriage is home
   * (the user says so: `onPowerLoss`, or Resume) it is set up again and taken, pen up, to where
   * the last command it answered left it; returns the command to go on from (undefined when
   * cancelled meanwhile). The commands it had answered and not yet run are lost with the power:
   * never sent again, so nothing is drawn twice. Anywhere else, the carriage was moved by hand.
   */
  private async restart(at: ReportedState, from: number): Promise<number | undefined> {
    const total = this.program.steps.length
    if (at.x !== 0 || at.y !== 0 || at.down)
      throw new PlotFailure(
        `after the line came back the carriage is at ${at.x},${at.y} (pen ${at.down ? 'down' : 'up'}), not where the plot left it; was it moved by hand? ${from} of ${total} commands had been plotted`,
      )
    const home = 'the AxiDraw was switched off and on: put its carriage in the home corner'
    if (this.onPowerLoss) await Promise.race([this.onPowerLoss(home), this.cancelling])
    else {
      this.paused = true
      this.setState('paused', `${home}, then Resume`)
      await this.gate()
    }
    if (this.cancelled) return undefined
    const k = this.next
    await this.sendAll(restoreCommands(stateBefore(this.program, k), this.device))
    return k
  }

  /**
   * Going on where a cancelled plot stopped, its carriage parked home: set up again, to the place
   * it stopped, the pen down if it was, and the rest of the move it stopped in (if it did).
   */
  private async goOnFrom(goOn: GoOn): Promise<void> {
    const before = stateBefore(this.program, goOn.step)
    const rest = goOn.at && this.program.steps[goOn.step]?.after.position
    const state = goOn.at ? { position: goOn.at, down: before.down } : before
    // The step it stopped in is not known to have run until its rest has.
    this.ran = goOn.step
    await this.sendAll(goOnCommands(state, this.device, rest))
    if (rest) this.next = this.sent = goOn.step + 1
    this.firstSent = this.next
  }

  /**
   * Where the plot can go on once ES stopped the carriage at `at`: after the command that leaves
   * it there, of those it may not have finished; or, halted in the middle of one's move (within
   * two steps of its line: each motor stops on a whole step), with the rest of that move.
   * Going on and stopped before it sent a step of its own (on its way there, say): where it was
   * to go on from. Undefined if it is none of these.
   */
  private stoppedAt(at: ReportedState): GoOn | undefined {
    const from = Math.max(this.ran, this.next - 2)
    const k = resumePoint(this.program, from, this.sent, at)
    if (k !== undefined) return { step: k }
    for (let i = from; i < this.sent; i++) {
      const before = stateBefore(this.program, i)
      const end = this.program.steps[i].after.position
      if (before.down === at.down && onTheWay([at.x, at.y], before.position, end, 2))
        return { step: i, at: [at.x, at.y] }
    }
    return this.sent === this.firstSent ? this.goOn : undefined
  }

  /** Once the layer before is drawn (the pen up), holds until the next layer's pen is in. */
  private async penChange(): Promise<void> {
    const changes = this.program.penChanges
    const [layer, layers] = [changes.indexOf(this.next) + 2, changes.length + 1]
    await this.standStill()
    this.held.add(this.next)
    if (this.onPenChange) await Promise.race([this.onPenChange(layer, layers), this.cancelling])
    else {
      // Resume goes on, as from any pause.
      this.paused = true
      this.setState('paused', `layer ${layer} of ${layers}: put its pen in, then Resume`)
    }
  }

  /**
   * Stops the motors at once, lifts the pen, takes the carriage home and releases the motors;
   * cancelled, notes first where the plot can go on.
   */
  private async park(): Promise<void> {
    await this.askFor('ES', /^OK$/)
    const at = await this.position()
    const stopped = this.cancelled ? this.stoppedAt(at) : undefined
    await this.sendAll(parkCommands([at.x, at.y], this.device))
    // Going on starts from home: only once the carriage is parked.
    this.stopped = stopped
    if (stopped)
      this.cancelNote = `cancelled at command ${stopped.step + 1} of ${this.program.steps.length}; the pen is lifted and the carriage parked`
  }

  /** Sends commands that are no steps of the program (set-up, parking), each to be answered OK. */
  private async sendAll(commands: readonly string[]): Promise<void> {
    for (const text of commands) {
      if (actsAtOnce(text)) await this.standStill()
      this.link!.write(`${text}\r`)
      const answer = await this.link!.answer(this.answerMs)
      if (answer !== 'OK') throw new LineDrop(`unexpected answer "${answer}" to ${text}`)
    }
  }

  /** Waits until the motors stand still and nothing is queued: every step answered has run. */
  private async standStill(): Promise<void> {
    while ((await this.askFor('QM', /^QM,/)) !== 'QM,0,0,0,0') await sleep(this.timing.pollMs)
    this.ran = this.next
  }

  /** Where the carriage is and the pen, as the board counts them. */
  private async position(): Promise<ReportedState> {
    const steps = /^(-?\d+),(-?\d+)$/.exec(await this.askFor('QS', /^-?\d+,-?\d+$/))!
    await this.askFor('', /^OK$/)
    const pen = await this.askFor('QP', /^[01]$/)
    await this.askFor('', /^OK$/)
    const [x, y] = carriageAt(Number(steps[1]), Number(steps[2]))
    return { x, y, down: pen === '0' }
  }

  /**
   * Sends `question` (if any) and returns the first answer that matches: answers to commands
   * sent before the line dropped may come first. A question waits behind a move only after a
   * line drop, and then a timeout just means another try.
   */
  private async askFor(question: string, expected: RegExp): Promise<string> {
    if (question) this.link!.write(`${question}\r`)
    for (;;) {
      const answer = await this.link!.answer(this.timing.replyTimeoutMs)
      if (expected.test(answer)) return answer
      if (answer.startsWith('!')) throw new LineDrop(`the board says "${answer}" to ${question}`)
    }
  }

  private open(): Promise<SerialLink> {
    return SerialLink.open({
      path: this.target.path,
      baudRate: this.target.baudRate ?? 9600,
      dataBits: 8,
      parity: 'none',
      stopBits: 1,
      flow: 'escb',
    })
  }

  private async reconnect(): Promise<void> {
    const { path } = this.target
    const { retryMs, reconnectTimeoutMs } = this.timing
    const total = this.program.steps.length
    this.setState('reconnecting', `the line to ${path} dropped; reconnecting`)
    await this.link?.close()
    const deadline = Date.now() + reconnectTimeoutMs
    for (;;) {
      if (this.cancelled) return
      if (Date.now() > deadline)
        throw new PlotFailure(
          `the line to the AxiDraw on ${path} dropped and did not come back within ${reconnectTimeoutMs / 1000} s; ${this.next} of ${total} commands had reached it`,
        )
      try {
        this.link = await this.open()
        firmwareVersion(await this.askFor('V', /^EBB|Version/))
        const from = Math.max(this.ran, this.next - 2)
        await this.standStill()
        const at = await this.position()
        const k = resumePoint(this.program, from, this.sent, at) ?? (await this.restart(at, from))
        if (k === undefined) return
        this.next = k
        this.ran = k
        this.sent = k
        this.going(`reconnected; going on from command ${k + 1} of ${total}`)
        return
      } catch (e) {
        if (e instanceof PlotFailure) throw e
        await this.link?.close()
        await sleep(retryMs)
      }
    }
  }
}
