import type { SerialPort } from 'serialport'

/**
 * A serial line to a plotter: bytes out, answers in (each ended by CR). Any trouble — the port
 * closing, a write failing, an answer not coming in time — breaks the link for good, failing every
 * wait with LineDrop; the caller opens a new one.
 */

export type FlowControl = 'escb' | 'rtscts' | 'xonxoff'

export interface LineSettings {
  path: string
  baudRate: number
  dataBits: 5 | 6 | 7 | 8
  parity: 'none' | 'even' | 'odd'
  stopBits: 1 | 2
  flow: FlowControl
}

export class LineDrop extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LineDrop'
  }
}

interface Waiter {
  resolve: (line: string) => void
  reject: (e: Error) => void
  timer: ReturnType<typeof setTimeout>
}

export class SerialLink {
  private answers: string[] = []
  private partial = ''
  private readonly waiters: Waiter[] = []
  private broken: LineDrop | undefined

  private constructor(private readonly port: SerialPort) {
    keepWaitingToWrite(port)
    port.on('data', (data: Buffer) => this.receive(data.toString('latin1')))
    port.on('close', () => this.break(new LineDrop(`${port.path} closed`)))
    port.on('error', (e) => this.break(new LineDrop(`${port.path}: ${e.message}`)))
  }

  /** Rejects with the port's error (no such port, busy, …). */
  static async open(s: LineSettings): Promise<SerialLink> {
    // Loaded on first use: the native module is not needed to start the app.
    const { SerialPort } = await import('serialport')
    return new Promise((resolve, reject) => {
      const port = new SerialPort(
        {
          path: s.path,
          baudRate: s.baudRate,
          dataBits: s.dataBits,
          parity: s.parity,
          stopBits: s.stopBits,
          rtscts: s.flow === 'rtscts',
          xon: s.flow === 'xonxoff',
          xoff: s.flow === 'xonxoff',
        },
        (e) => (e ? reject(e) : resolve(new SerialLink(port))),
      )
    })
  }

  get alive(): boolean {
    return !this.broken
  }

  write(text: string): void {
    if (this.broken) throw this.broken
    this.port.write(Buffer.from(text, 'latin1'))
  }

  /** The next answer. */
  answer(timeoutMs: number): Promise<string> {
    if (this.broken) return Promise.reject(this.broken)
    const ready = this.answers.shift()
    if (ready !== undefined) return Promise.resolve(ready)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // A late answer would be taken for the next question's: the link is done for.
        this.break(new LineDrop(`no answer from ${this.port.path} in ${timeoutMs / 1000} s`))
        void this.close()
      }, timeoutMs)
      this.waiters.push({ resolve, reject, timer })
    })
  }

  ask(question: string, timeoutMs: number): Promise<string> {
    this.write(question)
    return this.answer(timeoutMs)
  }

  /** Resolves once what was written has left. */
  drain(): Promise<void> {
    return new Promise((resolve) => this.port.drain(() => resolve()))
  }

  close(): Promise<void> {
    this.break(new LineDrop(`${this.port.path} closed`))
    return new Promise((resolve) =>
      this.port.isOpen ? this.port.close(() => resolve()) : resolve(),
    )
  }

  private receive(text: string): void {
    const lines = (this.partial + text).split('\r')
    this.partial = lines.pop()!
    for (const raw of lines) {
      const line = raw.replace(/\n/g, '').trim()
      if (line === '') continue
      const w = this.waiters.shift()
      if (w) {
        clearTimeout(w.timer)
        w.resolve(line)
      } else this.answers.push(line)
    }
  }

  private break(e: LineDrop): void {
    if (this.broken) return
    this.broken = e
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer)
      w.reject(e)
    }
  }
}

const READABLE = 1
const WRITABLE = 2

/**
 * Works around the poller of @serialport/bindings-cpp 13 on Unix: poll(flag) restarts the OS poll
 * for that flag alone, so when the reader re-arms itself while a write waits for room (the plotter
 * sent XOFF, or CTS is low, just after an answer) the write is never woken. Each re-arm here asks
 * for every event still waited for.
 */
function keepWaitingToWrite(port: SerialPort): void {
  const poller = (port.port as unknown as { poller?: Poller }).poller
  if (!poller) return
  const poll = poller.poll.bind(poller)
  poller.poll = (flag = 0) =>
    poll(
      flag |
        (poller.listenerCount('readable') > 0 ? READABLE : 0) |
        (poller.listenerCount('writable') > 0 ? WRITABLE : 0),
    )
}

interface Poller {
  poll(flag?: number): void
  listenerCount(event: string): number
}
