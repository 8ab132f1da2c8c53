import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'

/**
 * A null-modem cable made of two pseudo-terminals joined by socat: what one end writes the other
 * reads. The plotter simulator sits on one end, the driver on the other; stopping socat pulls the
 * cable out, and starting it again with the same links plugs it back in.
 */
export class NullModem {
  private constructor(
    readonly a: string,
    readonly b: string,
    private readonly socat: ChildProcess,
    private readonly exited: Promise<void>,
  ) {}

  /** Resolves once both links exist. */
  static async start(a: string, b: string): Promise<NullModem> {
    const socat = spawn(
      'socat',
      ['-d', '-d', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let log = ''
    socat.stderr!.on('data', (d: Buffer) => (log += d.toString()))
    const exited = new Promise<void>((resolve) => socat.once('close', () => resolve()))
    const failed = new Promise<never>((_, reject) => {
      socat.once('error', (e) => reject(new Error(`cannot start socat: ${e.message}`)))
      void exited.then(() => reject(new Error(`socat stopped at once: ${log.trim()}`)))
    })
    const ready = (async () => {
      const deadline = Date.now() + 5000
      while (!(existsSync(a) && existsSync(b))) {
        if (Date.now() > deadline) throw new Error(`socat did not make ${a} and ${b} in 5 s`)
        await new Promise((r) => setTimeout(r, 10))
      }
    })()
    try {
      await Promise.race([ready, failed])
    } catch (e) {
      socat.kill('SIGKILL')
      throw e
    }
    return new NullModem(a, b, socat, exited)
  }

  /** Both ends see their line drop. */
  async stop(): Promise<void> {
    if (this.socat.exitCode === null && this.socat.signalCode === null) this.socat.kill('SIGTERM')
    await this.exited
  }
}
