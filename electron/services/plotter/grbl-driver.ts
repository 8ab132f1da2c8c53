import { GRBL_ERRORS } from '../../../shared/gcode/parse'
import { LineDrop, SerialLink } from './serial-link'

/**
 * Streams G-code to a GRBL plotter with GRBL's character-counting flow control: every line sent
 * and not yet answered (`ok` or `error:N`) sits in its receive buffer, so a line goes out only
 * when the bytes of those and its own fit the buffer (128 on the Arduino builds). Pause is GRBL's
 * feed hold (`!`), resume its cycle start (`~`); cancel is its soft reset (0x18), after which the
 * driver unlocks it (`$X`) and lifts the pen. An alarm or an error ends the plot, reported in
 * words with the line it came at.
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
}

export interface GrblOutcome {
  readonly state: 'done' | 'cancelled' | 'failed'
  readonly message: string
  /** Lines GRBL answered `ok`. */
  readonly acknowledged: number
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
    private readonly link: SerialLink,
    private readonly lines: readonly string[],
    private readonly opts: GrblPlotOptions,
  ) {
    const long = lines.findIndex((l) => l.length + 1 > opts.bufferSize)
    if (long >= 0) {
      throw new Error(`line ${long + 1} is longer than GRBL's ${opts.bufferSize}-byte buffer`)
    }
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

  cancel(): void {
    if (this.cancelled) return
    this.cancelled = true
    this.link.write('\x18')
    this.wake?.()
  }

  async run(): Promise<GrblOutcome> {
    const timeout = this.opts.replyTimeoutMs ?? 60_000
    const inFlight: number[] = []
    let buffered = 0
    let next = 0
    let acknowledged = 0
    const total = this.lines.length
    // An answer, or undefined when pause, resume or cancel wakes the wait first.
    const answer = (): Promise<string | undefined> =>
      Promise.race([
        this.take(timeout),
        new Promise<undefined>((r) => (this.wake = () => r(undefined))),
      ])
    try {
      // A soft reset first: GRBL starts afresh (an Arduino resets on the port opening anyway),
      // and its banner says it is there and listening.
      this.link.write('\x18')
      while (!(await this.take(this.opts.startTimeoutMs ?? 5000)).startsWith('Grbl ')) {
        // Whatever it said before the reset.
      }
      const layers = this.lines.filter(isPause).length + 1
      let layer = 1
      // Sent an M0 and not yet past it: nothing more goes out until the new pen is in.
      let atPause = false
      while (acknowledged < total && !this.cancelled) {
        while (
          !this.paused &&
          !atPause &&
          next < total &&
          buffered + this.lines[next].length + 1 <= this.opts.bufferSize
        ) {
          atPause = isPause(this.lines[next])
          const line = `${this.lines[next++]}\n`
          this.link.write(line)
          inFlight.push(line.length)
          buffered += line.length
        }
        const a = await answer()
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
        // Anything else (the banner, messages) is no answer to a line.
      }
      if (this.cancelled) {
        await this.liftAfterReset(timeout)
        return {
          state: 'cancelled',
          message: `cancelled after ${acknowledged} of ${total} lines; pen lifted`,
          acknowledged,
        }
      }
      return { state: 'done', message: `plotted ${total} lines`, acknowledged }
    } catch (e) {
      if (e instanceof LineDrop) return { state: 'failed', message: e.message, acknowledged }
      throw e
    }
  }

  /** The next answer: the one already waited for, if any, else a new wait. */
  private take(timeout: number): Promise<string> {
    this.pending ??= this.link.answer(timeout).finally(() => (this.pending = undefined))
    return this.pending
  }

  /** After a soft reset: wait for GRBL to start again, unlock it, lift the pen. */
  private async liftAfterReset(timeout: number): Promise<void> {
    while (!(await this.take(timeout)).startsWith('Grbl ')) {
      // The answers to lines the reset threw away, and its alarm.
    }
    for (const line of ['$X', ...this.opts.penUp]) {
      this.link.write(`${line}\n`)
      for (;;) {
        const a = await this.take(timeout)
        if (a === 'ok' || a.startsWith('error:')) break
      }
    }
  }
}
