import { AUTOSAVE_LIMITS, AUTOSAVED_HISTORY, type Params } from '../../../shared/api/contract'
import type { WorkbenchDocument } from '../../../shared/document/document'

type Sent = Params<'document.save'>['document']

/** Room an autosave leaves for its header (the name, the path) and the JSON around the steps. */
const HEADROOM = 64 * 1024

// A snapshot never changes, so each is copied and measured once, however often it is autosaved.
const copies = new WeakMap<WorkbenchDocument, { copy: Sent; bytes: number }>()

/** A document as sent: a copy without Vue proxies, and its size in bytes. */
function sent(doc: WorkbenchDocument): { copy: Sent; bytes: number } {
  let s = copies.get(doc)
  if (!s) {
    const text = JSON.stringify(doc)
    s = { copy: JSON.parse(text) as Sent, bytes: new TextEncoder().encode(text).byteLength }
    copies.set(doc, s)
  }
  return s
}

/**
 * What an autosave holds: the document, and as much of its undo history as fits in the size an
 * autosave may have (the steps nearest the document first, undo before redo), so that a large
 * document is still autosaved, with less history. A document too large alone is sent as it is,
 * and the host says why it cannot keep it.
 */
export function autosaveContents(
  doc: WorkbenchDocument,
  past: readonly WorkbenchDocument[],
  future: readonly WorkbenchDocument[],
): { document: Sent; history: { past: Sent[]; future: Sent[] } } {
  const document = sent(doc)
  let room = AUTOSAVE_LIMITS.maxBytes - HEADROOM - document.bytes
  const fitting = (steps: readonly WorkbenchDocument[]) => {
    const kept: Sent[] = []
    for (const step of steps.slice(0, AUTOSAVED_HISTORY)) {
      const s = sent(step)
      if (s.bytes + 1 > room) break
      room -= s.bytes + 1
      kept.push(s.copy)
    }
    return kept
  }
  const kept = fitting([...past].reverse()).reverse()
  return { document: document.copy, history: { past: kept, future: fitting(future) } }
}
