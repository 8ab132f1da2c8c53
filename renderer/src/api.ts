import type { Method, Params, Reply, Results, WorkbenchEvent } from '../../shared/api/contract'
import {
  MAX_MESSAGE_BYTES,
  type Bridge,
  type WireCall,
  type WireMessage,
} from '../../shared/api/wire'

/**
 * The renderer's only way out: the typed workbench API. In Electron the preload exposes it as
 * `window.workbench` (over IPC); in a browser it is the browser host's WebSocket, authenticated
 * by the token in the page's URL. Everything else in the renderer calls `api`.
 */
declare global {
  interface Window {
    workbench?: Bridge
  }
}

export class ApiError extends Error {}

export interface Api {
  call<M extends Method>(method: M, params: Params<M>): Promise<Results[M]>
  onEvent(listener: (e: WorkbenchEvent) => void): () => void
  /** The connection to the host dropped (browser host only); calls fail until it returns. */
  onConnection(listener: (up: boolean) => void): () => void
}

function socketBridge(): Bridge & { onConnection(l: (up: boolean) => void): () => void } {
  const token = new URLSearchParams(location.search).get('token') ?? ''
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api?token=${encodeURIComponent(token)}`
  const pending = new Map<number, (r: Reply<Method>) => void>()
  const listeners = new Set<(e: WorkbenchEvent) => void>()
  const connection = new Set<(up: boolean) => void>()
  let nextId = 1
  let socket: WebSocket
  let open: Promise<void>
  const connect = () => {
    socket = new WebSocket(url)
    open = new Promise((resolve) =>
      socket.addEventListener('open', () => resolve(), { once: true }),
    )
    socket.addEventListener('open', () => connection.forEach((l) => l(true)))
    socket.addEventListener('message', (m) => {
      const msg = JSON.parse(String(m.data)) as WireMessage
      if ('event' in msg) listeners.forEach((l) => l(msg.event))
      else {
        pending.get(msg.id)?.(msg.reply)
        pending.delete(msg.id)
      }
    })
    socket.addEventListener('close', () => {
      for (const resolve of pending.values())
        resolve({ ok: false, error: 'the connection to the workbench was lost' })
      pending.clear()
      connection.forEach((l) => l(false))
      setTimeout(connect, 1000)
    })
  }
  connect()
  return {
    async call(method, params) {
      await open
      const id = nextId++
      const message: WireCall = { id, method, params }
      const text = JSON.stringify(message)
      // The host would close the connection on a larger message: refuse it here instead.
      const bytes = text.length * 3 > MAX_MESSAGE_BYTES ? new TextEncoder().encode(text).length : 0
      if (bytes > MAX_MESSAGE_BYTES) {
        const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`
        return {
          ok: false,
          error: `${method}: too large to send (${mb(bytes)}); the workbench takes at most ${mb(MAX_MESSAGE_BYTES)}`,
        }
      }
      return new Promise((resolve) => {
        pending.set(id, resolve)
        socket.send(text)
      })
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onConnection(listener) {
      connection.add(listener)
      return () => connection.delete(listener)
    },
  }
}

function createApi(): Api {
  const bridge = window.workbench ?? socketBridge()
  return {
    async call(method, params) {
      const reply = await bridge.call(method, params)
      if (!reply.ok) throw new ApiError(reply.error)
      return reply.value as Results[typeof method]
    },
    onEvent: (l) => bridge.onEvent(l),
    onConnection: (l) =>
      'onConnection' in bridge
        ? (bridge as ReturnType<typeof socketBridge>).onConnection(l)
        : () => {},
  }
}

export const api = createApi()
