import type { EstimateRequest, Results, WorkbenchEvent } from '../../shared/api/contract'
import type { AppWorkers } from './farm/app-workers'
import { requestFigures, solvable } from './solver-service'
import { estimateTilings } from './tiling-job'

/**
 * The app's estimates (issue 13, point 3): a search's size and time before any run, as
 * information. One at a time on the app's worker processes (a newer one stops the older): each
 * figure is ruled out or estimated in a worker, and what came streams out a few times a second as
 * `estimate.progress`, so this process stays responsive however many outlines a set has. Cancel
 * stops the workers at once.
 */
export class EstimateService {
  private running?: { id: string; stop: AbortController }
  private next = 1

  constructor(
    private readonly opts: {
      readonly workers: AppWorkers
      readonly emit: (e: WorkbenchEvent) => void
    },
  ) {}

  async start(request: EstimateRequest): Promise<Results['estimate.start']> {
    // The figures as a job would have them: a bad document is refused here, in the reply.
    const set = solvable(request.document)
    const { figures, shown } = requestFigures(set, request.kind, request.figures)
    if (this.running) this.cancel(this.running.id)
    const estimateId = `estimate-${this.next++}`
    const stop = new AbortController()
    this.running = { id: estimateId, stop }
    const { transport } = await this.opts.workers.transport()
    void this.run(estimateId, stop.signal, () =>
      estimateTilings({
        set: set.wire,
        figures,
        mode: request.mode,
        transport,
        signal: stop.signal,
        onProgress: (summary, fresh) =>
          this.opts.emit({ type: 'estimate.progress', estimateId, summary, figures: fresh }),
      }),
    )
    return { estimateId, figures: shown, workers: transport.workers() }
  }

  cancel(estimateId: string): void {
    if (this.running?.id !== estimateId) return
    this.running.stop.abort()
    this.running = undefined
  }

  close(): void {
    if (this.running) this.cancel(this.running.id)
  }

  private async run(
    estimateId: string,
    signal: AbortSignal,
    estimate: () => ReturnType<typeof estimateTilings>,
  ): Promise<void> {
    const t0 = Date.now()
    const elapsedMs = () => Date.now() - t0
    try {
      const e = await estimate()
      const { estimated, figures, ruledOut, nodes, spread, seconds } = e
      this.opts.emit({
        type: 'estimate.ended',
        estimateId,
        outcome: e.cancelled || signal.aborted ? 'cancelled' : 'done',
        summary: { estimated, figures, ruledOut, nodes, spread, seconds },
        elapsedMs: elapsedMs(),
      })
    } catch (e) {
      this.opts.emit({
        type: 'estimate.ended',
        estimateId,
        outcome: signal.aborted ? 'cancelled' : 'failed',
        error: (e as Error).message,
        elapsedMs: elapsedMs(),
      })
    } finally {
      if (this.running?.id === estimateId) this.running = undefined
    }
  }
}
