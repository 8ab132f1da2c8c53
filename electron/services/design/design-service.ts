import type { Params, WorkbenchEvent } from '../../../shared/api/contract'
import { designJson } from '../../../shared/design/json'
import { checkDesignRequest, inAppWords } from '../../../shared/design/request'
import { InputError } from '../../../shared/errors'
import type { AppWorkers } from '../farm/app-workers'
import { runDesign } from './design-run'

/** Least time between progress events: a few a second are enough for a bar. */
const PROGRESS_MS = 125

/**
 * The app's set explorer (issue 14): one exploration at a time on the app's worker processes,
 * progress and the end as events. An impossible request is refused in the call's reply; starting
 * another stops the one running, as does cancel, at once.
 */
export class DesignService {
  private running?: { id: string; stop: AbortController }
  private next = 1

  constructor(
    private readonly workers: AppWorkers,
    private readonly emit: (e: WorkbenchEvent) => void,
  ) {}

  start(request: Params<'design.start'>): { designId: string } {
    try {
      checkDesignRequest(request)
    } catch (e) {
      // The explorer's messages name the command line's options; the app's user sees fields.
      throw e instanceof InputError ? new InputError(inAppWords(e.message)) : e
    }
    if (this.running) this.cancel(this.running.id)
    const id = `design-${this.next++}`
    const stop = new AbortController()
    this.running = { id, stop }
    void this.run(id, request, stop.signal)
    return { designId: id }
  }

  cancel(designId: string): void {
    if (this.running?.id !== designId) return
    this.running.stop.abort()
    this.running = undefined
  }

  /** Stops a running exploration (its workers with it), as the app quits. */
  close(): void {
    if (this.running) this.cancel(this.running.id)
  }

  private async run(
    designId: string,
    request: Params<'design.start'>,
    signal: AbortSignal,
  ): Promise<void> {
    const t0 = Date.now()
    const notices: string[] = []
    let emitted = 0
    try {
      const result = await runDesign({
        request,
        transport: (await this.workers.transport()).transport,
        signal,
        onNotice: (line) => notices.push(inAppWords(line)),
        onProgress: (p) => {
          if (Date.now() - emitted < PROGRESS_MS) return
          emitted = Date.now()
          this.emit({
            type: 'design.progress',
            designId,
            phase: p.phase,
            size: p.size,
            fraction: p.fraction,
            searched: p.searched,
            best: p.best,
            units: p.units,
            etaSeconds: p.etaSeconds,
            elapsedMs: p.elapsedMs,
          })
        },
      })
      this.emit({
        type: 'design.ended',
        designId,
        outcome: result.complete ? 'done' : 'cancelled',
        // Stopped while the pieces were grown: no set was searched, nothing to show.
        ...(result.outlines.length > 0 ? { result: designJson(result, { tilings: true }) } : {}),
        notices,
        elapsedMs: Date.now() - t0,
      })
    } catch (e) {
      this.emit({
        type: 'design.ended',
        designId,
        outcome: 'failed',
        error: inAppWords((e as Error).message),
        notices,
        elapsedMs: Date.now() - t0,
      })
    } finally {
      if (this.running?.id === designId) this.running = undefined
    }
  }
}
