import { AUTOSAVE_LIMITS, AUTOSAVED_HISTORY, type Params } from '../../../shared/api/contract'
import type { WorkbenchDocument } from '../../../shared/document/document'

type Sent = Params<'document.save'>['document']

/** Room an autosave leaves for its header (the name, the path) and the JSON around the steps. */
const HEADROOM = 64 * 1024

// A snapshot never changes, so each is copied and measured once, however often it is autosaved.
const copies = new WeakMap<object, { copy: unknown; bytes: number }>()

/** A snapshot as sent: a copy without Vue proxies, and its size in bytes. */
function sent<T extends object, S>(snapshot: T, sendable: (t: T) => S): { copy: S; bytes: number } {
  let s = copies.get(snapshot)
  if (!s) {
    const text = JSON.stringify(sendable(snapshot))
    s = { copy: JSON.parse(text), bytes: new TextEncoder().encode(text).byteLength }
    copies.set(snapshot, s)
  }
  return s as { copy: S; bytes: number }
}

/**
 * What an autosave holds: the snapshot, and as much of its undo history as fits in the size an
 * autosave may have (the steps nearest the snapshot first, undo before redo), so that a large
 * document or puzzle is still autosaved, with less history. One too large alone is sent as it is,
 * and the host says why it cannot keep it.
 */
export function fittingHistory<T extends object, S>(
  now: T,
  past: readonly T[],
  future: readonly T[],
  sendable: (t: T) => S,
): { now: S; history: { past: S[]; future: S[] } } {
  const current = sent(now, sendable)
  let room = AUTOSAVE_LIMITS.maxBytes - HEADROOM - current.bytes
  const fitting = (steps: readonly T[]) => {
    const kept: S[] = []
    for (const step of steps.slice(0, AUTOSAVED_HISTORY)) {
      const s = sent(step, sendable)
      if (s.bytes + 1 > room) break
      room -= s.bytes + 1
      kept.push(s.copy)
    }
    return kept
  }
  const kept = fitting([...past].reverse()).reverse()
  return { now: current.copy, history: { past: kept, future: fitting(future) } }
}

/** A document's autosave: the document and as much undo history as fits. */
export function autosaveContents(
  doc: WorkbenchDocument,
  past: readonly WorkbenchDocument[],
  future: readonly WorkbenchDocument[],
): { document: Sent; history: { past: Sent[]; future: Sent[] } } {
  // The copy sent is a plain JSON copy: readonly only in the type.
  const { now, history } = fittingHistory(doc, past, future, (d) => d as Sent)
  return { document: now, history }
}
