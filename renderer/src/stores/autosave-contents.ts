import {
  AUTOSAVE_LIMITS,
  AUTOSAVED_HISTORY,
  autosaveContentsSchema,
  documentHistorySchema,
  type DocumentHistory,
} from '../../../shared/api/contract'
import type { WorkbenchDocument } from '../../../shared/document/document'

/** Room an autosave leaves for its header (the name, the path) and the JSON around the steps. */
const HEADROOM = 64 * 1024

// A snapshot never changes, so each is serialized and measured once, however often it is autosaved.
const texts = new WeakMap<object, { text: string; bytes: number }>()

/** A snapshot as sent: its JSON, and the size of that in bytes. */
function sent<T extends object, S>(snapshot: T, sendable: (t: T) => S) {
  let s = texts.get(snapshot)
  if (!s) {
    const text = JSON.stringify(sendable(snapshot))
    s = { text, bytes: new TextEncoder().encode(text).byteLength }
    texts.set(snapshot, s)
  }
  return s
}

/**
 * What an autosave holds: the snapshot, and as much of its undo history as fits in the size an
 * autosave may have (the steps nearest the snapshot first, undo before redo), so that a large
 * document or puzzle is still autosaved, with less history. One too large alone is sent as it is,
 * and the host says why it cannot keep it. Each as its JSON text.
 */
function fittingTexts<T extends object, S>(
  now: T,
  past: readonly T[],
  future: readonly T[],
  sendable: (t: T) => S,
): { now: string; past: string[]; future: string[] } {
  const current = sent(now, sendable)
  let room = AUTOSAVE_LIMITS.maxBytes - HEADROOM - current.bytes
  const fitting = (steps: readonly T[]) => {
    const kept: string[] = []
    for (const step of steps.slice(0, AUTOSAVED_HISTORY)) {
      const s = sent(step, sendable)
      if (s.bytes + 1 > room) break
      room -= s.bytes + 1
      kept.push(s.text)
    }
    return kept
  }
  const kept = fitting([...past].reverse()).reverse()
  return { now: current.text, past: kept, future: fitting(future) }
}

/** fittingTexts as plain copies (without Vue proxies), for a call that carries objects. */
export function fittingHistory<T extends object, S>(
  now: T,
  past: readonly T[],
  future: readonly T[],
  sendable: (t: T) => S,
): { now: S; history: { past: S[]; future: S[] } } {
  const t = fittingTexts(now, past, future, sendable)
  const copy = (text: string) => JSON.parse(text) as S
  return { now: copy(t.now), history: { past: t.past.map(copy), future: t.future.map(copy) } }
}

/**
 * A document's autosave as autosave.write carries it: the JSON of the document and as much undo
 * history as fits, joined from each snapshot's text (autosaveContentsSchema).
 */
export function autosaveContents(
  doc: WorkbenchDocument,
  past: readonly WorkbenchDocument[],
  future: readonly WorkbenchDocument[],
): string {
  const t = fittingTexts(doc, past, future, (d) => d)
  return `{"document":${t.now},"history":{"past":[${t.past.join(',')}],"future":[${t.future.join(',')}]}}`
}

/**
 * An autosave's contents as the host kept them, checked as the contract checks a document: the
 * document, and its history if this version can read it (a damaged history costs only itself).
 * Throws a one-line message when the document cannot be restored.
 */
export function readAutosave(
  contents: string,
  name: string,
): { document: WorkbenchDocument; history?: DocumentHistory } {
  const what = `the autosave of "${name.slice(0, 100)}"`
  let value: unknown
  try {
    value = JSON.parse(contents)
  } catch {
    throw new Error(`${what} is damaged (not JSON): it cannot be restored`)
  }
  const read = autosaveContentsSchema.safeParse(value)
  if (!read.success) {
    const i = read.error.issues[0]
    throw new Error(
      `${what} is damaged (${i.path.join('.') || 'value'}: ${i.message}): it cannot be restored`,
    )
  }
  const history = documentHistorySchema.safeParse(read.data.history).data
  return { document: read.data.document, ...(history ? { history } : {}) }
}
