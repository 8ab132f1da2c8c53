import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { projectRoot } from '../services/project-root'
import { readMessage, type ReadMessage } from './read-message'

/**
 * Messages up to this size are parsed on the host's thread (a few milliseconds at most); larger
 * ones in the reader's thread. Parsing a client's 4 MB autosave held the host's event loop for
 * about 0.4 s and 16 MB of small arrays for 1–3 s, answering no other client and forwarding no
 * job's events meanwhile.
 */
export const INLINE_MESSAGE_BYTES = 64 * 1024

/**
 * Reads the browser host's messages: small ones at once, large ones parsed and checked against
 * the contract in a worker thread, so that a malformed or wrong one costs the host's thread
 * nothing and a call comes back already checked (the workbench checks it again, cheaply).
 */
export class MessageReader {
  private worker?: Worker
  private seq = 0
  private readonly pending = new Map<number, (read: ReadMessage) => void>()

  constructor(
    private readonly entry = join(projectRoot(import.meta.url), 'out', 'main', 'message-reader.js'),
  ) {}

  read(data: Buffer): ReadMessage | Promise<ReadMessage> {
    if (data.length <= INLINE_MESSAGE_BYTES) return readMessage(data.toString('utf8'), false)
    const seq = ++this.seq
    // Handed over without a copy when the message has its memory to itself (as ws gives a large
    // one); otherwise a copy of exactly the message, not of the larger buffer it lies in.
    const whole = data.byteOffset === 0 && data.buffer.byteLength === data.length
    const bytes =
      whole && data.buffer instanceof ArrayBuffer ? data.buffer : new Uint8Array(data).buffer
    return new Promise<ReadMessage>((resolve) => {
      this.pending.set(seq, resolve)
      this.started().postMessage({ seq, bytes }, [bytes])
    })
  }

  async close(): Promise<void> {
    const worker = this.worker
    this.worker = undefined
    this.dropPending()
    await worker?.terminate()
  }

  private dropPending() {
    for (const resolve of this.pending.values()) resolve(undefined)
    this.pending.clear()
  }

  private started(): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(this.entry, {
      // Its heap apart from the host's: a message that parses into too much ends this thread only.
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    })
    worker.unref()
    worker.on('message', ({ seq, read }: { seq: number; read: ReadMessage }) => {
      this.pending.get(seq)?.(read)
      this.pending.delete(seq)
    })
    // Out of memory, or killed: the messages it held get no answer (their ids are unknown), and
    // the next large message starts a fresh reader.
    const ended = () => {
      if (this.worker !== worker) return
      this.worker = undefined
      this.dropPending()
    }
    worker.on('error', ended)
    worker.on('exit', ended)
    this.worker = worker
    return worker
  }
}
