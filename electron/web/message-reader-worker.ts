import { parentPort } from 'node:worker_threads'
import { readMessage } from './read-message'

/**
 * The browser host's message reader (out/main/message-reader.js, a worker thread): parses and
 * checks one large message at a time, off the host's own thread.
 */
parentPort!.on('message', ({ seq, bytes }: { seq: number; bytes: ArrayBuffer }) => {
  const read = readMessage(Buffer.from(bytes).toString('utf8'), true)
  parentPort!.postMessage({ seq, read })
})
