import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { WorkbenchEvent } from '../../../shared/api/contract'
import type { AppWorkers } from '../farm/app-workers'
import { setAsideIfDamaged } from '../farm/checkpoint'
import { queensCheckpoint, runQueensCount } from './count-run'

export interface QueensServiceOptions {
  /** The app's worker processes (as many as the solver setting says). */
  readonly workers: AppWorkers
  readonly emit: (e: WorkbenchEvent) => void
  /** Where unfinished counts keep their checkpoints, one per n. */
  readonly checkpointDir: string
}

/**
 * The app's n-queens counts: one at a time on the worker processes, with progress events. A count
 * that is cancelled (or dies with the app) leaves its checkpoint, and counting the same n again
 * resumes from it; a finished count removes it.
 */
export class QueensService {
  private running?: { id: string; stop: AbortController }
  private next = 1

  constructor(private readonly opts: QueensServiceOptions) {}

  /** Starts counting n; a count already running is cancelled first. */
  start(n: number): { countId: string } {
    if (this.running) this.cancel(this.running.id)
    const id = `q${this.next++}`
    const stop = new AbortController()
    this.running = { id, stop }
    void this.run(id, n, stop.signal)
    return { countId: id }
  }

  cancel(countId: string): void {
    if (this.running?.id !== countId) return
    this.running.stop.abort()
    this.running = undefined
  }

  /** Stops a running count (its workers with it), as the app quits. */
  close(): void {
    if (this.running) this.cancel(this.running.id)
  }

  private async run(countId: string, n: number, signal: AbortSignal): Promise<void> {
    const { emit } = this.opts
    const t0 = Date.now()
    const checkpoint = join(this.opts.checkpointDir, `queens-${n}.json`)
    try {
      await mkdir(this.opts.checkpointDir, { recursive: true })
      await setAsideIfDamaged(checkpoint, queensCheckpoint, 'count again', { n, shard: null })
      let lastEmit = 0
      const { transport, place } = await this.opts.workers.runTransport()
      emit({ type: 'queens.started', countId, n, runsOn: place })
      const r = await runQueensCount({
        n,
        transport,
        checkpoint,
        signal,
        onNotice: (message) => emit({ type: 'queens.notice', countId, n, message }),
        onProgress: (p) => {
          // A few updates a second are enough for a progress bar; n = 20 has 2,156 tasks.
          if (Date.now() - lastEmit < 100 && p.done < p.tasks) return
          lastEmit = Date.now()
          emit({ type: 'queens.progress', countId, n, ...p })
        },
      })
      if (!r.complete) {
        emit({ type: 'queens.ended', countId, n, outcome: 'cancelled', elapsedMs: r.elapsedMs })
        return
      }
      await rm(checkpoint, { force: true })
      emit({
        type: 'queens.ended',
        countId,
        n,
        outcome: 'done',
        total: String(r.total),
        unique: String(r.unique),
        nodes: r.nodes,
        resumed: r.resumed,
        tasks: r.tasks,
        elapsedMs: r.elapsedMs,
      })
    } catch (e) {
      emit({
        type: 'queens.ended',
        countId,
        n,
        outcome: 'failed',
        error: (e as Error).message,
        elapsedMs: Date.now() - t0,
      })
    } finally {
      if (this.running?.id === countId) this.running = undefined
    }
  }
}
