import {
  checkParams,
  type Method,
  type Params,
  type Reply,
  type Results,
  type WorkbenchEvent,
} from '../shared/api/contract'
import type { Bridge } from '../shared/api/wire'

type Answer<M extends Method> = (params: Params<M>) => Results[M] | Promise<Results[M]>

/**
 * The host as the renderer's stores see it, for their unit tests: a Bridge (the transport that
 * renderer/src/api.ts wraps) whose answers the test sets per method. Like the real host it checks
 * every call's parameters against the contract and answers a bad one with an error, and like
 * Electron's IPC it passes only what structured clone can copy (a Vue proxy fails), so a store
 * that would break on the wire breaks here too. It keeps every call and pushes events on demand.
 */
export class FakeBridge implements Bridge {
  readonly calls: { readonly method: Method; readonly params: unknown }[] = []
  private readonly answers = new Map<Method, (params: never) => unknown>()
  private readonly listeners = new Set<(e: WorkbenchEvent) => void>()
  private readonly connection = new Set<(up: boolean) => void>()

  /** How the host answers `method` from now on (a throw becomes an error reply). */
  answer<M extends Method>(method: M, answer: Answer<M>): void {
    this.answers.set(method, answer)
  }

  async call(method: Method, params: unknown): Promise<Reply<Method>> {
    const sent = structuredClone(params)
    this.calls.push({ method, params: sent })
    try {
      const checked = checkParams(method, sent)
      const answer = this.answers.get(method)
      if (!answer) throw new Error(`${method}: this test sets no answer`)
      return { ok: true, value: structuredClone(await answer(checked as never)) as Results[Method] }
    } catch (e) {
      return { ok: false, error: (e as Error).message }
    }
  }

  /** The parameters of every call of `method` so far, in order. */
  callsOf<M extends Method>(method: M): Params<M>[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.params as Params<M>)
  }

  onEvent(listener: (e: WorkbenchEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The host pushes an event. */
  emit(e: WorkbenchEvent): void {
    for (const l of [...this.listeners]) l(structuredClone(e))
  }

  /** As the browser host's socket bridge: the connection drops and returns. */
  onConnection(listener: (up: boolean) => void): () => void {
    this.connection.add(listener)
    return () => this.connection.delete(listener)
  }

  setConnected(up: boolean): void {
    for (const l of [...this.connection]) l(up)
  }

  /** Forgets answers, calls and listeners: each test starts with a fresh host. */
  reset(): void {
    this.calls.length = 0
    this.answers.clear()
    this.listeners.clear()
    this.connection.clear()
  }
}
