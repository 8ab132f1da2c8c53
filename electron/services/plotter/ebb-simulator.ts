import { EbbError, motorMove, parseEbbCommand, type EbbCommand } from '../../../shared/ebb/parse'
import { carriageAt } from '../../../shared/ebb/motion'
import { SimLine } from './sim-line'

/**
 * An AxiDraw's EiBotBoard on a serial port (one end of a socat null modem), answering as its
 * firmware (2.x) does: `OK` for each command it takes, `!N Err: …` for one it refuses (LM before
 * 2.7.0 is an unknown command), its version for `V`, the button for `QB`, the pen for `QP`, the
 * motors' step counts for `QS`, whether it moves for `QM`; `ES` stops at once and empties the
 * queue. Motion (SM, LM, and SP with its delay) goes through a queue one command deep behind the
 * one running: a command waits for room there before it is answered, as on the board; the others
 * act at once (`EM,0,0` while moving stops the motors where they are). It records
 * every pen-down move. Like a plotter whose cable was pulled, it goes on with what it has and
 * keeps its position and pen; a power cycle is a new simulator.
 */
export interface EbbSimulatorOptions {
  path: string
  /** The firmware version it reports. */
  version?: string
  /** How much faster than the commands' durations it moves (tests need no real minutes). */
  speedUp?: number
}

interface Running {
  readonly cmd: EbbCommand
  readonly start: number
  readonly end: number
}

const MOTION = new Set(['SM', 'LM', 'SP'])

export class EbbSimulator {
  /** Every command it ran or answered, in order. */
  readonly commands: string[] = []
  /** The pen-down moves, in carriage steps. */
  readonly segments: { from: [number, number]; to: [number, number] }[] = []
  m1 = 0
  m2 = 0
  penUp = true
  motorsOn = false
  private readonly line: SimLine
  private partial = ''
  /** Complete commands not yet taken (held while the queue is full). */
  private waiting: string[] = []
  private running: Running | undefined
  private queued: EbbCommand | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private cutAfter: number | undefined
  private readonly speedUp: number
  private readonly version: number[]

  private constructor(options: EbbSimulatorOptions) {
    this.speedUp = options.speedUp ?? 1000
    this.version = (options.version ?? '2.8.1').split('.').map(Number)
    // A command cut short by a pulled cable is lost: the board's USB starts afresh.
    this.line = new SimLine(
      options.path,
      9600,
      (data) => this.receive(data),
      () => (this.partial = ''),
    )
  }

  static async start(options: EbbSimulatorOptions): Promise<EbbSimulator> {
    const sim = new EbbSimulator(options)
    await sim.line.connect()
    return sim
  }

  get connected(): boolean {
    return this.line.connected
  }

  /** Motors running or a command queued. */
  get moving(): boolean {
    return this.running !== undefined || this.queued !== undefined
  }

  get at(): [number, number] {
    return carriageAt(this.m1, this.m2)
  }

  /**
   * Pulls the cable: at once, or once it has taken `commands` more motion commands, before it
   * answers the last (which it runs). The board goes on with what it has.
   */
  unplug(commands?: number): Promise<void> {
    if (commands !== undefined && commands > 0) {
      this.cutAfter = commands
      return Promise.resolve()
    }
    this.cutAfter = undefined
    return this.line.unplug()
  }

  connect(): Promise<void> {
    return this.line.connect()
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer)
    this.running = undefined
    this.queued = undefined
    this.waiting = []
    await this.line.stop()
  }

  private say(...lines: string[]): void {
    this.line.write(lines.map((l) => `${l}\r\n`).join(''))
  }

  private receive(data: Buffer): void {
    const lines = (this.partial + data.toString('latin1')).split(/[\r\n]/)
    this.partial = lines.pop()!
    this.waiting.push(...lines.filter((l) => l.trim() !== ''))
    this.pump()
  }

  /** Finishes what is done by now, then takes commands while there is room. */
  private pump = (): void => {
    clearTimeout(this.timer)
    this.timer = undefined
    const now = performance.now()
    // One after the other without gaps: each starts when the one before ended.
    while (this.running && this.running.end <= now) {
      const end = this.running.end
      this.finish(this.running.cmd)
      this.running = this.queued && this.begin(this.queued, end)
      this.queued = undefined
    }
    while (this.waiting.length > 0) {
      const text = this.waiting[0]
      let cmd: EbbCommand
      try {
        cmd = parseEbbCommand(text)
        if (cmd.name === 'LM' && this.older('2.7.0'))
          throw new EbbError(`!8 Err: Unknown command 'LM'`)
        motorMove(cmd)
      } catch (e) {
        this.waiting.shift()
        this.commands.push(text)
        this.say(e instanceof EbbError ? e.message : '!0 Err: bad command')
        continue
      }
      if (MOTION.has(cmd.name)) {
        if (this.queued) break
        if (this.running) this.queued = cmd
        else this.running = this.begin(cmd, now)
      } else this.now(cmd)
      this.waiting.shift()
      this.commands.push(text)
      if (!MOTION.has(cmd.name)) continue
      if (this.cutAfter !== undefined && --this.cutAfter <= 0) {
        void this.unplug()
        continue
      }
      this.say('OK')
    }
    if (this.running)
      this.timer = setTimeout(this.pump, Math.max(0, this.running.end - performance.now()))
  }

  private older(version: string): boolean {
    const v = version.split('.').map(Number)
    for (let i = 0; i < 3; i++)
      if ((this.version[i] ?? 0) !== v[i]) return (this.version[i] ?? 0) < v[i]
    return false
  }

  private begin(cmd: EbbCommand, start: number): Running {
    const ms = cmd.name === 'SP' ? (cmd.args[1] ?? 0) : motorMove(cmd)!.ms
    return { cmd, start, end: start + ms / this.speedUp }
  }

  /** What a queued command does once run (or part of it, stopped by ES). */
  private finish(cmd: EbbCommand, part = 1): void {
    if (cmd.name === 'SP') {
      this.penUp = cmd.args[0] !== 0
      return
    }
    const move = motorMove(cmd)!
    const from = this.at
    // Stopped part way, the carriage is on a whole step of the way.
    const [dx, dy] = carriageAt(move.m1, move.m2).map((d) => Math.round(d * part))
    this.m1 += dx + dy
    this.m2 += dx - dy
    const to = this.at
    if (!this.penUp && (to[0] !== from[0] || to[1] !== from[1])) this.segments.push({ from, to })
  }

  /** Stops the motors where they are and empties the queue; says whether they were moving. */
  private halt(): boolean {
    const r = this.running
    if (r) {
      const now = performance.now()
      this.finish(r.cmd, Math.min(1, (now - r.start) / Math.max(1e-9, r.end - r.start)))
    }
    this.running = undefined
    this.queued = undefined
    return r !== undefined
  }

  /** A command the board does at once. */
  private now(cmd: EbbCommand): void {
    const a = cmd.args
    switch (cmd.name) {
      case 'V':
        return this.say(`EBBv13_and_above EB Firmware Version ${this.version.join('.')}`)
      case 'QB':
        return this.say('0', 'OK')
      case 'QP':
        return this.say(this.penUp ? '1' : '0', 'OK')
      case 'QS':
        return this.say(`${this.m1},${this.m2}`, 'OK')
      case 'QM': {
        const m = this.running ? 1 : 0
        return this.say(`QM,${m},${m},${m},${this.queued ? 1 : 0}`)
      }
      case 'CS':
        ;[this.m1, this.m2] = [0, 0]
        return this.say('OK')
      case 'EM':
        // At once: motors switched off mid-move stop there, and what is queued is lost.
        if (a[0] === 0) this.halt()
        this.motorsOn = a[0] !== 0
        return this.say('OK')
      case 'ES':
        return this.say(`${this.halt() ? 1 : 0},0,0,0,0`, 'OK')
      default:
        return this.say('OK')
    }
  }
}
