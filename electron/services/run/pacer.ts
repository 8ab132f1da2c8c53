/**
 * Calls `send` at most every `ms`: a poke within that time is answered when the time is up (so the
 * last update is never lost), `flush` sends at once. The caller keeps what is to be sent.
 */
export class Pacer {
  private last = -Infinity
  private timer?: ReturnType<typeof setTimeout>

  constructor(
    private readonly ms: number,
    private readonly send: () => void,
  ) {}

  poke(): void {
    if (this.timer) return
    const wait = this.last + this.ms - Date.now()
    if (wait <= 0) return this.flush()
    this.timer = setTimeout(() => this.flush(), wait)
  }

  flush(): void {
    this.stop()
    this.last = Date.now()
    this.send()
  }

  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }
}
