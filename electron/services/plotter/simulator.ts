import { HpglInterpreter, HpglReader, type HpglInstruction } from '../../../shared/hpgl/parse'
import { SimLine } from './sim-line'

/**
 * A pen plotter in the manner of the HP 7475A, on a serial port (in practice one end of a socat
 * null modem): bytes go into a small input buffer, and what does not fit is lost, as on the real
 * machine when the computer ignores its flow control; instructions leave the buffer as fast as the
 * pen draws them. It answers the device-control escapes ESC.B (free buffer bytes), ESC.E (the last
 * I/O error, then cleared) and ESC.K (drop the buffer and a partly received instruction), and OA
 * (where the pen is) once it gets to it; optionally it sends XON/XOFF. It records what it draws.
 * Like a plotter whose cable was pulled, it keeps its buffer and pen when its port goes away, and
 * reopens the port when it is back.
 */

export interface SimulatorOptions {
  path: string
  baudRate?: number
  /** Bytes; the 7475A has 256 (or 1024 when told so). */
  bufferSize?: number
  /** Pen speed in plotter units (0.025 mm) per second; the 7475A's 38.1 cm/s is 15240. */
  unitsPerSecond?: number
  /** Time to decode and start each instruction. */
  instructionMs?: number
  /** Holds the computer back with XOFF when the buffer is half full, XON when it has room. */
  xonxoff?: boolean
}

const ESC = 0x1b
const XON = '\x11'
const XOFF = '\x13'
/** The ESC.E code for an input buffer overflow. */
const BUFFER_OVERFLOW = 16
/** ESC.E's code for a byte after ESC . that is no device-control instruction. */
const BAD_ESCAPE = 11

export class PlotterSimulator {
  /** Bytes lost because the buffer was full. */
  overruns = 0
  /** Bytes that arrived, lost or not. */
  received = 0
  /** HP-GL errors met (garbled or unsupported instructions), which a plotter skips. */
  readonly errors: string[] = []
  private readonly interpreter = new HpglInterpreter()
  private readonly reader = new HpglReader()
  private buffer: number[] = []
  private error = 0
  /** 0 outside an escape, 1 after ESC, 2 after ESC . */
  private escape = 0
  private readonly line: SimLine
  private cutAfter: number | undefined
  /** Instructions read but not yet run. */
  private ready: HpglInstruction[] = []
  private busy: ReturnType<typeof setTimeout> | undefined
  private idleWaiters: (() => void)[] = []
  /** XOFF sent, XON not yet. */
  private holding = false
  private readonly bufferSize: number
  private readonly unitsPerSecond: number
  private readonly instructionMs: number

  private constructor(private readonly options: SimulatorOptions) {
    this.bufferSize = options.bufferSize ?? 256
    this.unitsPerSecond = options.unitsPerSecond ?? 15240
    this.instructionMs = options.instructionMs ?? 2
    this.line = new SimLine(options.path, options.baudRate ?? 9600, (data) => this.receive(data))
  }

  /** Resolves once the port is open. */
  static async start(options: SimulatorOptions): Promise<PlotterSimulator> {
    const sim = new PlotterSimulator(options)
    await sim.connect()
    return sim
  }

  /** The pen-down segments drawn so far. */
  get segments() {
    return this.interpreter.segments
  }

  get pen() {
    return this.interpreter.state
  }

  get connected(): boolean {
    return this.line.connected
  }

  /** Resolves when the buffer is empty and the pen has stopped. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /** Pulls the cable: at once, or after `afterBytes` more bytes (cutting into what is sent). */
  disconnect(afterBytes?: number): Promise<void> {
    if (afterBytes !== undefined && afterBytes > 0) {
      this.cutAfter = afterBytes
      return Promise.resolve()
    }
    return this.unplug()
  }

  /** Plugs the cable back: resolves once the port is open again. */
  connect(): Promise<void> {
    return this.line.connect()
  }

  /** A fault on the line, such as noise causing a framing error, that ESC.E will report. */
  fault(code: number): void {
    this.error = code
  }

  async stop(): Promise<void> {
    clearTimeout(this.busy)
    this.cutAfter = undefined
    await this.line.stop()
  }

  private unplug(): Promise<void> {
    this.cutAfter = undefined
    return this.line.unplug()
  }

  private receive(data: Buffer): void {
    for (const byte of data) {
      if (this.cutAfter !== undefined && this.cutAfter-- <= 0) {
        void this.unplug()
        break
      }
      this.received++
      if (byte === ESC) this.escape = 1
      else if (this.escape === 1) this.escape = byte === 0x2e ? 2 : 0
      else if (this.escape === 2) {
        this.escape = 0
        this.control(String.fromCharCode(byte))
      } else if (this.buffer.length < this.bufferSize) this.buffer.push(byte)
      else {
        this.overruns++
        this.error = BUFFER_OVERFLOW
      }
    }
    this.handshake()
    this.run()
  }

  private handshake(): void {
    if (!this.options.xonxoff) return
    const free = this.bufferSize - this.buffer.length
    if (!this.holding && free < this.bufferSize / 2) this.line.write(XOFF)
    else if (this.holding && free >= (3 * this.bufferSize) / 4) this.line.write(XON)
    else return
    this.holding = !this.holding
  }

  private control(c: string): void {
    if (c === 'B') this.answer(`${this.bufferSize - this.buffer.length}`)
    else if (c === 'E') {
      this.answer(`${this.error}`)
      this.error = 0
    } else if (c === 'K') {
      this.buffer = []
      this.ready = []
      this.reader.discard()
    } else this.error = BAD_ESCAPE
  }

  private answer(text: string): void {
    this.line.write(`${text}\r`)
  }

  /** Draws from the buffer, taking as long as the pen would. */
  private run = (): void => {
    if (this.busy) return
    let ms = 0
    // Timers are coarse: run instructions until there is enough time to wait for.
    while (ms < 4) {
      const ins = this.next()
      if (!ins) break
      ms += this.execute(ins)
    }
    this.handshake()
    if (ms > 0)
      this.busy = setTimeout(() => {
        this.busy = undefined
        this.run()
      }, ms)
    else if (this.isIdle()) for (const w of this.idleWaiters.splice(0)) w()
  }

  /** The next instruction complete in the buffer, taking its bytes out. */
  private next(): HpglInstruction | undefined {
    while (this.ready.length === 0 && this.buffer.length > 0) {
      try {
        this.ready = this.reader.feed(String.fromCharCode(this.buffer.shift()!))
      } catch (e) {
        // Garbled input (bytes lost, say): a plotter skips what it cannot read.
        this.errors.push((e as Error).message)
        this.reader.discard()
      }
    }
    return this.ready.shift()
  }

  private execute(ins: HpglInstruction): number {
    const s = this.interpreter
    const travelled = s.penDownLength + s.penUpLength
    if (ins.mnemonic === 'OA') {
      const [x, y] = s.state.position
      this.answer(`${Math.round(x)},${Math.round(y)},${s.state.down ? 1 : 0}`)
    } else
      try {
        s.run(ins)
      } catch (e) {
        this.errors.push((e as Error).message)
      }
    const distance = s.penDownLength + s.penUpLength - travelled
    return this.instructionMs + (distance / this.unitsPerSecond) * 1000
  }

  private isIdle(): boolean {
    return this.buffer.length === 0 && this.ready.length === 0 && !this.busy
  }
}
