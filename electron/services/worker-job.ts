import { InputError } from '../../shared/errors'
import type { LaunchWorker } from './solver-pool'

/** What a one-job worker process answers: progress as it goes, then its result or an error. */
export type JobMessage =
  | { readonly type: 'progress'; readonly progress: unknown }
  | { readonly type: 'done' }
  /** `input`: the request was refused (an InputError), not a failure of the job. */
  | { readonly type: 'error'; readonly message: string; readonly input: boolean }

type Progress<Out> = Out extends { type: 'progress'; progress: infer P } ? P : never
type Done<Out> = Extract<Out, { type: 'done' }>

export interface WorkerJobOptions<In, Out extends JobMessage> {
  readonly launch: LaunchWorker<In, Out>
  readonly request: In
  /** The worker as the user knows it, for the message when it dies: "the Tait worker". */
  readonly name: string
  readonly signal?: AbortSignal
  readonly onProgress?: (p: Progress<Out>) => void
}

/**
 * One job in a worker process of its own: the request sent, progress passed on, the result at
 * the end. Stopping kills the process at once; the job resolves null then. An error the worker
 * reports rejects, as an InputError when the request was refused.
 */
export function runWorkerJob<In, Out extends JobMessage>(
  o: WorkerJobOptions<In, Out>,
): Promise<Done<Out> | null> {
  return new Promise((resolve, reject) => {
    if (o.signal?.aborted) return resolve(null)
    const w = o.launch()
    let settled = false
    const settle = (f: () => void) => {
      if (settled) return
      settled = true
      o.signal?.removeEventListener('abort', onAbort)
      w.kill()
      f()
    }
    const onAbort = () => settle(() => resolve(null))
    o.signal?.addEventListener('abort', onAbort, { once: true })
    w.onMessage((m: JobMessage) => {
      if (m.type === 'progress') o.onProgress?.(m.progress as Progress<Out>)
      else if (m.type === 'error')
        settle(() => reject(m.input ? new InputError(m.message) : new Error(m.message)))
      else settle(() => resolve(m as Done<Out>))
    })
    w.onExit((code, signal) =>
      settle(() =>
        reject(new Error(`${o.name} stopped unexpectedly (${signal ?? `exit code ${code}`})`)),
      ),
    )
    w.send(o.request)
  })
}
