import { existsSync } from 'node:fs'
import { SerialPort } from 'serialport'

/**
 * A simulated plotter's end of the line (one end of a socat null modem). Like a plotter whose
 * cable was pulled, the plotter keeps going when the port goes away, and this reopens the port
 * when it is back.
 */
export class SimLine {
  private port: SerialPort | undefined
  private wanted = true
  private stopped = false
  private connecting: Promise<void> | undefined

  constructor(
    private readonly path: string,
    private readonly baudRate: number,
    /** Bytes from the computer, while the line is up. */
    private readonly receive: (data: Buffer) => void,
    /** The line went down (the cable pulled, or `unplug`). */
    private readonly dropped: () => void = () => {},
  ) {}

  get connected(): boolean {
    return this.port?.isOpen ?? false
  }

  /** Plugs the cable in: resolves once the port is open. */
  connect(): Promise<void> {
    this.wanted = true
    this.connecting ??= this.reopen().finally(() => (this.connecting = undefined))
    return this.connecting
  }

  /** Pulls the cable: the port closes and stays closed until `connect`. */
  async unplug(): Promise<void> {
    this.wanted = false
    const port = this.port
    this.port = undefined
    if (port) this.dropped()
    if (port?.isOpen) await new Promise((r) => port.close(r))
  }

  async stop(): Promise<void> {
    this.stopped = true
    await this.unplug()
  }

  /** Lost if the line is down, as on a real cable. */
  write(text: string): void {
    this.port?.write(text)
  }

  /** Tries until the port opens (socat is back) or the cable is wanted out. */
  private async reopen(): Promise<void> {
    while (!this.connected && this.wanted && !this.stopped) {
      try {
        this.port = await this.open()
      } catch {
        await new Promise((r) => setTimeout(r, 50))
      }
    }
  }

  private open(): Promise<SerialPort> {
    return new Promise((resolve, reject) => {
      const port = new SerialPort({ path: this.path, baudRate: this.baudRate }, (e) => {
        if (e) return reject(e)
        this.watchLink(port)
        resolve(port)
      })
      port.on('data', (data: Buffer) => {
        if (port === this.port) this.receive(data)
      })
      port.on('error', () => {})
      port.on('close', () => {
        if (this.port !== port) return
        this.port = undefined
        this.dropped()
        // The other end went away (socat stopped): wait for it to come back.
        if (this.wanted) void this.connect()
      })
    })
  }

  /**
   * A pseudo-terminal whose other end hung up may read as end of file for ever rather than fail
   * (serialport then retries the read without end): socat removes the link when it stops, so the
   * link going is the line drop.
   */
  private watchLink(port: SerialPort): void {
    const watch = setInterval(() => {
      if (port.isOpen && !existsSync(this.path)) port.close()
    }, 20)
    port.once('close', () => clearInterval(watch))
  }
}
