import type { Method, Reply, WorkbenchEvent } from './contract'

/**
 * The largest message the browser host takes from a client (its WebSocket's maxPayload): far above
 * any call the app makes, and small enough that no single message can exhaust the host's memory.
 * The renderer refuses a larger call itself rather than have its connection closed.
 */
export const MAX_MESSAGE_BYTES = 16_000_000

/** The API as a transport carries it: the Electron preload exposes exactly this on `window`. */
export interface Bridge {
  call(method: Method, params: unknown): Promise<Reply<Method>>
  onEvent(listener: (e: WorkbenchEvent) => void): () => void
}

/**
 * Messages on the browser host's WebSocket (the Electron preload carries the same call/reply pairs
 * over IPC). A call has an id the reply repeats; events have none.
 */
export interface WireCall {
  readonly id: number
  readonly method: Method
  readonly params: unknown
}

export type WireMessage =
  { readonly id: number; readonly reply: Reply<Method> } | { readonly event: WorkbenchEvent }
