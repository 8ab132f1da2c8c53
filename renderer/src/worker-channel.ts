/**
 * One job at a time on a Web Worker: `ask` posts a request (numbered) and resolves with its reply,
 * or rejects with the worker's error; replies of type 'progress' go to `onProgress` on the way.
 * `stop` ends the job at once by terminating the worker (the next `ask` starts a new one). The worker is made by `create`, where Vite can see the
 * `new Worker(new URL(…, import.meta.url))` it bundles.
 */
type Reply = { readonly id: number } & (
  { readonly type: 'error'; readonly message: string } | { readonly type: string }
)
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never

export class WorkerChannel<Request extends { readonly id: number }, R extends Reply> {
  private worker?: Worker
  private pending?: {
    id: number
    resolve: (r: R) => void
    reject: (e: Error) => void
    onProgress?: (r: R) => void
  }
  private nextId = 1

  constructor(private readonly create: () => Worker) {}

  ask(request: WithoutId<Request>, onProgress?: (r: R) => void): Promise<R> {
    this.stop()
    if (!this.worker) {
      this.worker = this.create()
      this.worker.onmessage = (e: MessageEvent<R>) => {
        if (e.data.id !== this.pending?.id) return
        const p = this.pending
        if (e.data.type === 'progress') return p.onProgress?.(e.data)
        this.pending = undefined
        if (e.data.type === 'error' && 'message' in e.data) p.reject(new Error(e.data.message))
        else p.resolve(e.data)
      }
      this.worker.onerror = (e) => {
        e.preventDefault()
        this.pending?.reject(new Error(e.message || 'the worker stopped'))
        this.pending = undefined
        this.worker = undefined
      }
    }
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress }
      this.worker!.postMessage({ ...request, id })
    })
  }

  /** Ends the job under way, if any (its promise rejects with "stopped"). */
  stop(): boolean {
    if (!this.pending) return false
    this.worker?.terminate()
    this.worker = undefined
    this.pending.reject(new Error('stopped'))
    this.pending = undefined
    return true
  }
}
