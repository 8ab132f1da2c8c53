import { GcodeInterpreter, GRBL_ERRORS } from '../../../shared/gcode/parse'
import { penLines } from '../../../shared/gcode/write'
import type { GcodeProfile } from '../../../shared/plotter/profile'
import type { GoOn } from './driver'
import { onTheWay } from './plot-program'
import { LineDrop, SerialLink } from './serial-link'

/**
 * Streams G-code to a GRBL plotter with GRBL's character-counting flow control: every line sent
 * and not yet answered (`ok` or `error:N`) sits in its receive buffer, so a line goes out only
 * when the bytes of those and its own fit the buffer (128 on the Arduino builds). Pause is GRBL's
 * feed hold (`!`), resume its cycle start (`~`); cancel is a feed hold and, once GRBL stands still
 * (`Hold:0`; a reset in motion would cost its position), its soft reset (0x18), after which the
 * driver unlocks it (`$X`) and lifts the pen. Where it stood says where the plot can go on
 * (`goOn`: a driver given it goes on from there, nothing drawn twice). An alarm or an error ends
 * the plot, reported in words with the line it came at.
 *
 * Resume: if the line drops (a cable pulled) and `reopen` is given, the driver opens it again and
 * goes on from where GRBL stopped, nothing drawn twice. The last `ok` is a lower bound: lines
 * GRBL held in its buffer run on while the line is down, their `ok`s lost. So once GRBL is idle
 * the driver asks its position (`?`) and takes the first line after the last `ok` whose end is
 * there; it never has two lines in flight that end at the same place (other than a run of lines
 * that do not move), so the position tells them apart. A position that matches none (the
 * controller was switched off, or reset by the port opening, and counts from 0 again) ends the
 * plot in words instead, unless `onPowerLoss` is given: then, once the carriage is back at the
 * origin, it goes on after the last line sent (what GRBL held went with the power; it may have
 * run some of it, answers lost, so nothing is sent twice).
 */
export interface GrblPlotOptions {
  /** GRBL's receive buffer in bytes. */
  readonly bufferSize: number
  /** The command that lifts the pen, for after a cancel. */
  readonly penUp: readonly string[]
  /** How long one line may take to be answered (a long move at a slow feed), in ms. */
  readonly replyTimeoutMs?: number
  /** How long GRBL may take to answer a soft reset with its banner, in ms. */
  readonly startTimeoutMs?: number
  readonly onProgress?: (acknowledged: number, total: number) => void
  /**
   * At each M0 (the writer's pause before a new pen's layer), once GRBL holds there: resolves when
   * the new pen is in; the plot then goes on (`~`). Without it, the plot goes on at once.
   */
  readonly onPenChange?: (layer: number, layers: number) => Promise<void>
  /** The plotter's pen, to follow the program's state line by line (needed to resume). */
  readonly device?: Pick<GcodeProfile, 'pen'>
  /** Opens the line again after it dropped; without it a drop ends the plot. */
  readonly reopen?: () => Promise<SerialLink>
  /** How long the line may stay down before the plot is given up, in ms. */
  readonly reconnectTimeoutMs?: number
  /** Pause between attempts to reopen the line, and between status queries, in ms. */
  readonly retryMs?: number
  /** Told when the line dropped, and when the plot goes on (from which line). */
  readonly onReconnect?: (message: string) => void
  /**
   * After a drop GRBL counts from 0 again, not where the plot left it: it was switched off and
   * on. Resolves once the user has put the carriage at the origin (told what to do); the plot
   * then goes on after the last line sent. Without it, that ends the plot in words.
   */
  readonly onPowerLoss?: (what: string) => Promise<void>
  /** Where a cancelled plot of these lines stopped (its outcome's `goOn`): goes on from there. */
  readonly goOn?: GoOn
}

/** What the plotter is left with after a number of lines: where, pen down or not, the feed. */
interface LineState {
  readonly key: string
  readonly x: number
  readonly y: number
  readonly z: number
  readonly down: boolean
  readonly feed: number
}

/** A position as GRBL reports it (three decimals) and as the program says it, alike. */
const positionKey = (x: number, y: number, z: number): string =>
  [x, y, z].map((v) => v.toFixed(2)).join(',')

/** The state after each number of lines, 0 … n; undefined if a line is one the reader cannot follow. */
function lineStates(
  lines: readonly string[],
  device: Pick<GcodeProfile, 'pen'>,
): LineState[] | undefined {
  const g = new GcodeInterpreter(device)
  const state = (): LineState => ({
    key: positionKey(g.x, g.y, g.z),
    x: g.x,
    y: g.y,
    z: g.z,
    down: g.down,
    feed: g.feed,
  })
  const out = [state()]
  try {
    for (const line of lines) {
      g.run(line)
      out.push(state())
    }
  } catch {
    return undefined
  }
  return out
}

/** The plot cannot go on (after a drop): the words say why. */
class ResumeFailure extends Error {}

const STATUS = /^<(\w+(?::\d+)?)\|[MW]Pos:([-\d.]+),([-\d.]+),([-\d.]+)/

/** At rest: idle, or held with the motion stopped (not Hold:1, still braking). */
const AT_REST = new Set(['Idle', 'Hold', 'Hold:0'])

/**
 * Motion lines GRBL may have answered and not yet run: its planner's blocks (16 on the Arduino
 * builds; lines that set the pen wait for the planner to empty).
 */
const PLANNER_BLOCKS = 16

export interface GrblOutcome {
  readonly state: 'done' | 'cancelled' | 'failed'
  readonly message: string
  /** Lines GRBL answered `ok`. */
  readonly acknowledged: number
  /** Cancelled where the plot can go on: from where. */
  readonly goOn?: GoOn
}

/** GRBL's alarm codes in words. */
export const GRBL_ALARMS: Readonly<Record<number, string>> = {
  1: 'a hard limit switch was hit (the position is lost; home or re-zero after unlocking)',
  2: 'a move would leave the machine travel (soft limit)',
  3: 'it was reset while moving (the position may be lost)',
  4: 'the probe was not in the expected state',
  5: 'the probe did not make contact',
  6: 'homing was reset',
  7: 'the door opened while homing',
  8: 'homing could not clear the limit switch',
  9: 'homing could not find the limit switch',
}

/** M0: GRBL's program pause, which the G-code writer puts before each new pen. */
const isPause = (line: string): boolean => /^M0+$/i.test(line.replace(/\s/g, ''))

const alarmWords = (code: number): string =>
  `the plotter is in alarm ${code}: ${GRBL_ALARMS[code] ?? 'unknown alarm'}; unlock it with $X`

export class GrblDriver {
  private paused = false
  private cancelled = false
  private wake: (() => void) | undefined
  /** The answer being waited for, if a command woke the wait before it came. */
  private pending: Promise<string> | undefined

  constructor(
    private link: SerialLink,
    private readonly lines: readonly string[],
    private readonly opts: GrblPlotOptions,
  ) {
    const long = lines.findIndex((l) => l.length + 1 > opts.bufferSize)
    if (long >= 0) {
      throw new Error(`line ${long + 1} is longer than GRBL's ${opts.bufferSize}-byte buffer`)
    }
    this.states = opts.device && lineStates(lines, opts.device)
  }

  private readonly states: LineState[] | undefined

  /**
   * May line `next` go out with lines [from, next) still unanswered? Not if it ends where one of
   * them (or the state before them) ends, unless it stays where the line before it ended: then
   * the position after a drop would not tell how far GRBL got.
   */
  private distinct(from: number, next: number): boolean {
    const s = this.states
    if (!s) return true
    const key = s[next + 1].key
    if (key === s[next].key) return true
    for (let i = from; i <= next; i++) if (s[i].key === key) return false
    return true
  }

  pause(): void {
    if (this.paused || this.cancelled) return
    this.paused = true
    this.link.write('!')
  }

  resume(): void {
    if (!this.paused || this.cancelled) return
    this.paused = false
    this.link.write('~')
    this.wake?.()
  }

  /** A feed hold at once; the reset comes once GRBL stands still (run). */
  cancel(): void {
    if (this.cancelled) return
    this.cancelled = true
    if (this.link.alive) this.link.write('!')
    this.wake?.()
  }

  async run(): Promise<GrblOutcome> {
    const timeout = this.opts.replyTimeoutMs ?? 60_000
    const total = this.lines.length
    const first = this.link
    // Lines sent and not yet answered: their lengths, oldest first.
    let inFlight: number[] = []
    let buffered = 0
    let next = 0
    let acknowledged = 0
    try {
      // A soft reset first: GRBL starts afresh (an Arduino resets on the port opening anyway),
      // and its banner says it is there and listening.
      this.link.write('\x18')
      await this.banner(this.opts.startTimeoutMs ?? 5000)
      if (this.opts.goOn) {
        acknowledged = this.goOnFrom(this.opts.goOn)
        next = acknowledged
        await this.restore(this.goOnState(this.opts.goOn), timeout)
        this.opts.onProgress?.(acknowledged, total)
      }
      const layers = this.lines.filter(isPause).length + 1
      let layer = 1
      // Sent an M0 and not yet past it: nothing more goes out until the new pen is in.
      let atPause = false
      while (acknowledged < total && !this.cancelled) {
        let a: string | undefined
        try {
          while (
            !this.paused &&
            !atPause &&
            next < total &&
            buffered + this.lines[next].length + 1 <= this.opts.bufferSize &&
            this.distinct(acknowledged, next)
          ) {
            atPause = isPause(this.lines[next])
            const line = `${this.lines[next++]}\n`
            this.link.write(line)
            inFlight.push(line.length)
            buffered += line.length
          }
          a = await this.answer(timeout)
          // Its banner once it has answered lines (before, the banner of its start may follow
          // the reset's): it started again (switched off and on, or reset) and lost what it
          // held, as if the line had dropped.
          if (acknowledged > 0 && a?.startsWith('Grbl '))
            throw new LineDrop(
              'GRBL started again in the middle of the plot (reset or switched off)',
            )
        } catch (e) {
          if (!(e instanceof LineDrop) || !this.states || !this.opts.reopen || this.cancelled)
            throw e
          const from = await this.reconnect(acknowledged, next, timeout)
          if (this.cancelled) break
          ;[acknowledged, next, inFlight, buffered, atPause] = [from, from, [], 0, false]
          this.opts.onProgress?.(acknowledged, total)
          continue
        }
        if (a === undefined) continue
        if (a === 'ok') {
          buffered -= inFlight.shift() ?? 0
          acknowledged++
          this.opts.onProgress?.(acknowledged, total)
          if (atPause && acknowledged === next) {
            // GRBL holds at the M0 once the layer before it is drawn.
            await Promise.race([
              this.opts.onPenChange?.(++layer, layers),
              new Promise<void>((r) => (this.wake = r)),
            ])
            if (this.cancelled) break
            atPause = false
            this.link.write('~')
          }
        } else if (/^error:\d+$/.test(a)) {
          const code = Number(a.slice(6))
          const at = acknowledged
          // Lines still in its buffer would go on drawing: reset, and lift the pen.
          this.link.write('\x18')
          await this.liftAfterReset(timeout)
          return {
            state: 'failed',
            message: `line ${at + 1} (${this.lines[at]}): error ${code}: ${GRBL_ERRORS[code] ?? 'unknown error'}`,
            acknowledged,
          }
        } else if (/^ALARM:\d+$/.test(a)) {
          return { state: 'failed', message: alarmWords(Number(a.slice(6))), acknowledged }
        } else if (a.startsWith("[MSG:'$H'|'$X' to unlock]")) {
          return {
            state: 'failed',
            message: 'the plotter is locked in alarm; unlock it with $X',
            acknowledged,
          }
        }
        // Anything else (the banner, messages, status reports) is no answer to a line.
      }
      if (this.cancelled) {
        const goOn = await this.stop(acknowledged, next, timeout)
        this.link.write('\x18')
        await this.liftAfterReset(timeout)
        return {
          state: 'cancelled',
          message: goOn
            ? `cancelled at line ${goOn.step + 1} of ${total}; pen lifted`
            : `cancelled after ${acknowledged} of ${total} lines; pen lifted`,
          acknowledged,
          ...(goOn && { goOn }),
        }
      }
      return { state: 'done', message: `plotted ${total} lines`, acknowledged }
    } catch (e) {
      if (e instanceof LineDrop || e instanceof ResumeFailure)
        return { state: 'failed', message: e.message, acknowledged }
      throw e
    } finally {
      // A line this driver opened again is its own to close; the first is the caller's.
      if (this.link !== first) await this.link.close()
    }
  }

  /** Waits for GRBL's banner (after a reset), passing over whatever came before it. */
  private async banner(timeout: number): Promise<void> {
    while (!(await this.take(timeout)).startsWith('Grbl ')) {
      // Whatever it said before the reset.
    }
  }

  /**
   * After the line dropped with lines [acknowledged, sent) unanswered: opens it again, waits until
   * GRBL has run what it holds, and finds from its position the first line not run. Then a soft
   * reset throws away any half-received line, and the state at that line is set again: units and
   * absolute coordinates, the pen lifted, a move to where the line starts, the pen put down if it
   * was, the feed. The move is sent rather than homing ($H): most pen plotters have no limit
   * switches, and GRBL keeps its position over a soft reset while idle, which the position check
   * has just shown is where the plot left it; so the move is no motion, it only puts GRBL's
   * modal state (G1 and the feed) back. Returns the line to go on from.
   */
  private async reconnect(acknowledged: number, sent: number, timeout: number): Promise<number> {
    const states = this.states!
    const retry = this.opts.retryMs ?? 100
    const total = this.lines.length
    this.opts.onReconnect?.('the line dropped; reconnecting')
    await this.link.close()
    const deadline = Date.now() + (this.opts.reconnectTimeoutMs ?? 30_000)
    for (;;) {
      if (this.cancelled) return acknowledged
      if (Date.now() > deadline)
        throw new ResumeFailure(
          `the line dropped and did not come back within ${(this.opts.reconnectTimeoutMs ?? 30_000) / 1000} s; ${acknowledged} of ${total} lines had been answered`,
        )
      try {
        this.link = await this.opts.reopen!()
        const at = await this.idleAt(timeout, retry, deadline)
        let from = -1
        for (let i = acknowledged; i <= sent && from < 0; i++) if (states[i].key === at) from = i
        let lost = ''
        if (from < 0 && at === positionKey(0, 0, 0) && this.opts.onPowerLoss) {
          // It ran on through its buffer while the line was down, its answers lost, until the
          // power went: what it had not run went with the power. Going on after the last line
          // sent draws nothing twice; the lines it held may be missing.
          await Promise.race([
            this.opts.onPowerLoss(
              'the plotter was switched off and on: put its carriage at the origin',
            ),
            new Promise<void>((r) => (this.wake = r)),
          ])
          if (this.cancelled) return acknowledged
          from = sent
          if (sent > acknowledged)
            lost = ` (lines ${acknowledged + 1}–${sent}, unanswered when the power went, may be missing)`
        }
        if (from < 0)
          throw new ResumeFailure(
            `after the line came back the plotter is at ${at}, not where the plot left it; was it switched off or reset? ${acknowledged} of ${total} lines had been answered`,
          )
        this.link.write('\x18')
        await this.banner(timeout)
        await this.restore(states[from], timeout)
        this.opts.onReconnect?.(`reconnected; going on from line ${from + 1} of ${total}${lost}`)
        return from
      } catch (e) {
        // The port not there yet, or gone again: try again until the deadline.
        if (e instanceof ResumeFailure) throw e
        await this.link.close()
        await new Promise((r) => setTimeout(r, retry))
      }
    }
  }

  /** Asks GRBL's status until it is idle (or held at an M0), and returns its position's key. */
  private async idleAt(timeout: number, retry: number, deadline: number): Promise<string> {
    return positionKey(...(await this.restAt(timeout, retry, deadline, 'the line came back')))
  }

  /** Asks GRBL's status until it is at rest; returns its position (x, y, z). */
  private async restAt(
    timeout: number,
    retry: number,
    deadline: number,
    after: string,
  ): Promise<[number, number, number]> {
    for (;;) {
      this.link.write('?')
      let m: RegExpExecArray | null = null
      // The answers to lines it ran meanwhile come before the status.
      while (!m) m = STATUS.exec(await this.take(timeout))
      if (AT_REST.has(m[1])) return [Number(m[2]), Number(m[3]), Number(m[4])]
      if (m[1] === 'Alarm')
        throw new ResumeFailure(
          `after ${after} the plotter is in alarm: it was reset while moving, so its position is lost`,
        )
      if (Date.now() > deadline) throw new ResumeFailure(`GRBL did not come to rest after ${after}`)
      await new Promise((r) => setTimeout(r, retry))
    }
  }

  /**
   * Cancel: once the feed hold has brought GRBL to rest, where the plot can go on. Of the lines it
   * may not have run (those it planned and the unanswered, `acknowledged` … `sent`), the last
   * that leaves it where it stands: the states from the last answer on are distinct but for runs of
   * lines that do not move (the pen's, set again when going on), and taking the last never draws
   * a line twice. Held in the middle of a move: that line again, from there (its end is
   * absolute). Going on and stopped before GRBL answered a line of its own (on its way there,
   * say): where it was to go on from. Undefined when the position fits none, or GRBL does not
   * say it.
   */
  private async stop(
    acknowledged: number,
    sent: number,
    timeout: number,
  ): Promise<GoOn | undefined> {
    const states = this.states
    if (!states) return undefined
    let at: [number, number, number]
    try {
      const retry = this.opts.retryMs ?? 100
      at = await this.restAt(timeout, retry, Date.now() + timeout, 'the feed hold')
    } catch {
      return undefined
    }
    const key = positionKey(...at)
    const lo = Math.max(0, acknowledged - PLANNER_BLOCKS)
    for (let i = sent; i >= lo; i--) if (states[i].key === key) return { step: i }
    const xyz = (s: LineState) => [s.x, s.y, s.z]
    for (let i = sent - 1; i >= lo; i--)
      if (onTheWay(at, xyz(states[i]), xyz(states[i + 1]), 0.01))
        return { step: i, at: [at[0], at[1]] }
    const goOn = this.opts.goOn
    return acknowledged === goOn?.step ? goOn : undefined
  }

  /** The line a plot given `goOn` starts at, checked against these lines. */
  private goOnFrom(goOn: GoOn): number {
    const total = this.lines.length
    if (!this.states) throw new ResumeFailure('to go on, the driver needs the plotter’s pen')
    if (goOn.step > total)
      throw new ResumeFailure(
        `cannot go on from line ${goOn.step + 1}: the plot has ${total} lines`,
      )
    return goOn.step
  }

  /** The state to set again for `goOn`: where GRBL stood, if it stopped in the middle of a move. */
  private goOnState(goOn: GoOn): LineState {
    const s = this.states![goOn.step]
    return goOn.at ? { ...s, x: goOn.at[0], y: goOn.at[1] } : s
  }

  /**
   * Sets GRBL's state at a line again: units and absolute coordinates, the pen lifted, a move to
   * where the line starts, the pen put down if it was, the feed.
   */
  private async restore(s: LineState, timeout: number): Promise<void> {
    const pen = penLines(this.opts.device!.pen)
    const feed = s.feed > 0 ? ` F${s.feed}` : ''
    const restore = [
      'G21',
      'G90',
      ...pen.up,
      `G1 X${s.x} Y${s.y}${feed || ' F1000'}`,
      ...(s.down ? pen.down : []),
      ...(feed ? [feed.trim()] : []),
    ]
    for (const line of restore) {
      if (this.cancelled) return
      this.link.write(`${line}\n`)
      let a = await this.answer(timeout)
      // Status reports asked for before the reset, and messages, answer no line; cancelled
      // meanwhile, GRBL holds and will not answer: the plot stops here.
      while (a !== 'ok' && !a?.startsWith('error:')) {
        if (this.cancelled) return
        a = await this.answer(timeout)
      }
      if (a !== 'ok')
        throw new ResumeFailure(`GRBL answered ${a} to ${line}, setting its state again`)
    }
  }

  /** An answer, or undefined when pause, resume or cancel wakes the wait first. */
  private answer(timeout: number): Promise<string | undefined> {
    return Promise.race([
      this.take(timeout),
      new Promise<undefined>((r) => (this.wake = () => r(undefined))),
    ])
  }

  /** The next answer: the one already waited for, if any, else a new wait. */
  private take(timeout: number): Promise<string> {
    this.pending ??= this.link.answer(timeout).finally(() => (this.pending = undefined))
    return this.pending
  }

  /** After a soft reset: wait for GRBL to start again, unlock it, lift the pen. */
  private async liftAfterReset(timeout: number): Promise<void> {
    // The answers to lines the reset threw away, and its alarm, come first.
    await this.banner(timeout)
    for (const line of ['$X', ...this.opts.penUp]) {
      this.link.write(`${line}\n`)
      for (;;) {
        const a = await this.take(timeout)
        if (a === 'ok' || a.startsWith('error:')) break
      }
    }
  }
}
