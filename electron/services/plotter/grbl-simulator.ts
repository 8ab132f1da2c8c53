import { existsSync } from 'node:fs'
import { SerialPort } from 'serialport'
import { GcodeError, GcodeInterpreter } from '../../../shared/gcode/parse'
import type { GcodeProfile } from '../../../shared/plotter/profile'

/**
 * A GRBL 1.1 pen plotter on a serial port (one end of a socat null modem), answering as the
 * firmware does: a banner on start and after a soft reset, `ok` or `error:N` for each line once
 * it has run it, `ALARM:N` when it falls into an alarm, the real-time commands `!` (feed hold),
 * `~` (resume), `?` (status) and 0x18 (soft reset; in motion it costs the position: ALARM:3;
 * held, once the line it ran is done, not), a hold letting the line it runs finish (Hold:1, then Hold:0),
 * M0 (a pause until `~`),
 * `$X` to unlock. When the line drops it runs on through what it holds, its answers lost.
 * Lines wait in a receive buffer of `bufferSize` bytes; bytes beyond it are lost,
 * as on the Arduino, and counted. It records what it draws.
 */
export interface GrblSimulatorOptions {
  path: string
  device: Pick<GcodeProfile, 'pen'>
  bufferSize?: number
  /** How much faster than the feed rates it moves (tests need no real minutes). */
  speedUp?: number
}

export const GRBL_BANNER = "Grbl 1.1h ['$' for help]"

export class GrblSimulator {
  /** Bytes lost because the receive buffer was full. */
  overruns = 0
  /** The most bytes the receive buffer ever held. */
  maxBuffered = 0
  resets = 0
  /** Every line it was given, in order. */
  readonly lines: string[] = []
  private interpreter: GcodeInterpreter
  private buffer: number[] = []
  private alarm = 0
  private held = false
  private busy: ReturnType<typeof setTimeout> | undefined
  private port: SerialPort | undefined
  private readonly bufferSize: number
  private readonly speedUp: number

  private constructor(private readonly options: GrblSimulatorOptions) {
    this.bufferSize = options.bufferSize ?? 128
    this.speedUp = options.speedUp ?? 1000
    this.interpreter = new GcodeInterpreter(options.device)
  }

  static async start(options: GrblSimulatorOptions): Promise<GrblSimulator> {
    const sim = new GrblSimulator(options)
    await sim.open()
    sim.say(GRBL_BANNER)
    return sim
  }

  get segments() {
    return this.interpreter.segments
  }

  get penDown(): boolean {
    return this.interpreter.down
  }

  get holding(): boolean {
    return this.held
  }

  get connected(): boolean {
    return this.port?.isOpen ?? false
  }

  /**
   * Opens its end of the line again after a drop (trying until it is there). Meanwhile it has
   * run on through the lines in its buffer, as a controller with its own power does.
   */
  async connect(): Promise<void> {
    while (!this.connected) {
      try {
        await this.open()
      } catch {
        await new Promise((r) => setTimeout(r, 20))
      }
    }
  }

  /** Falls into an alarm (1: hard limit …), as a limit switch would make it. */
  raiseAlarm(code: number): void {
    this.stopMotion()
    this.alarm = code
    this.say(`ALARM:${code}`)
  }

  async stop(): Promise<void> {
    this.stopMotion()
    const port = this.port
    this.port = undefined
    if (port?.isOpen) await new Promise((r) => port.close(r))
  }

  private open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const port = new SerialPort({ path: this.options.path, baudRate: 115200 }, (e) => {
        if (e) return reject(e)
        // A hung-up pseudo-terminal may read as end of file for ever: socat's link going is the drop.
        const watch = setInterval(() => {
          if (port.isOpen && !existsSync(this.options.path)) port.close()
        }, 20)
        port.once('close', () => clearInterval(watch))
        this.port = port
        resolve()
      })
      port.on('data', (data: Buffer) => this.receive(data))
      port.on('error', () => {})
    })
  }

  private say(text: string): void {
    this.port?.write(`${text}\r\n`)
  }

  private receive(data: Buffer): void {
    for (const byte of data) {
      if (byte === 0x18) this.softReset()
      else if (byte === 0x21) this.held = true
      else if (byte === 0x7e) {
        this.held = false
        this.work()
      } else if (byte === 0x3f) {
        // Held, it brakes (Hold:1) to a stop at the end of the line it runs (Hold:0).
        const state = this.alarm
          ? 'Alarm'
          : this.held
            ? this.busy
              ? 'Hold:1'
              : 'Hold:0'
            : this.busy
              ? 'Run'
              : 'Idle'
        const { x, y, z } = this.interpreter
        this.say(`<${state}|MPos:${x.toFixed(3)},${y.toFixed(3)},${z.toFixed(3)}>`)
      } else if (this.buffer.length < this.bufferSize) {
        this.buffer.push(byte)
        this.maxBuffered = Math.max(this.maxBuffered, this.buffer.length)
      } else this.overruns++
    }
    this.work()
  }

  private softReset(): void {
    const moving = this.busy !== undefined
    this.stopMotion()
    this.buffer = []
    this.held = false
    this.resets++
    // The spindle stops: a servo pen (M3/M5) goes up; a Z pen stays where it is.
    if (this.options.device.pen.kind === 'servo') this.interpreter.down = false
    if (moving) this.alarm = 3
    if (moving) this.say('ALARM:3')
    this.say(GRBL_BANNER)
    if (this.alarm) this.say("[MSG:'$H'|'$X' to unlock]")
  }

  private stopMotion(): void {
    clearTimeout(this.busy)
    this.busy = undefined
  }

  /** Runs the next complete line, taking as long as the plotter would. */
  private work = (): void => {
    if (this.busy || this.held) return
    const end = this.buffer.indexOf(0x0a)
    if (end < 0) return
    const line = String.fromCharCode(...this.buffer.splice(0, end + 1))
      .replace(/[\r\n]/g, '')
      .trim()
    this.lines.push(line)
    let ms = 0
    if (line.startsWith('$')) {
      if (line === '$X') {
        this.alarm = 0
        this.say('[MSG:Caution: Unlocked]')
        this.say('ok')
      } else this.say('error:3')
    } else if (this.alarm && line !== '') this.say('error:9')
    else {
      try {
        const before = this.interpreter.feed
        const mm = this.interpreter.run(line)
        // M0, a program pause: GRBL holds, as on '!', until a cycle start ('~').
        if (/^M0+$/i.test(line.replace(/\s/g, ''))) this.held = true
        const dwell = /^G4\s*P([0-9.]+)/i.exec(line)
        const feed = Math.max(this.interpreter.feed, before, 1)
        ms = ((mm / (feed / 60)) * 1000 + (dwell ? Number(dwell[1]) * 1000 : 0)) / this.speedUp
        this.say('ok')
      } catch (e) {
        this.say(e instanceof GcodeError ? e.message : 'error:20')
      }
    }
    this.busy = setTimeout(() => {
      this.busy = undefined
      this.work()
    }, ms)
  }
}
