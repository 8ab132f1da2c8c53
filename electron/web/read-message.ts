import { checkParams, isMethod } from '../../shared/api/contract'

/**
 * A client's message as the host reads it: a call to answer, an error to reply to its id, or
 * nothing (no id to reply to).
 */
export type ReadMessage =
  | { readonly id: number; readonly method: unknown; readonly params: unknown }
  | { readonly id: number; readonly error: string }
  | undefined

/**
 * Parses one message. `check` also validates the call against the contract, as the workbench
 * does on arrival: the message reader's thread does so, so that only calls the workbench will take
 * reach the host's own thread.
 */
export function readMessage(text: string, check: boolean): ReadMessage {
  let message: unknown
  try {
    message = JSON.parse(text)
  } catch {
    return undefined // nothing to reply to without an id
  }
  if (typeof message !== 'object' || message === null) return undefined
  const { id, method, params } = message as { id?: unknown; method?: unknown; params?: unknown }
  if (typeof id !== 'number') return undefined
  if (typeof method !== 'string') return { id, error: 'bad message: no method' }
  if (!check) return { id, method, params }
  try {
    if (!isMethod(method)) return { id, error: `no such method: ${method}` }
    return { id, method, params: checkParams(method, params) }
  } catch (e) {
    return { id, error: (e as Error).message }
  }
}
