import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  readFileSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { documentFromJson } from '../../shared/document/document'
import { InputError } from '../../shared/errors'
import { parseJson } from '../../shared/formats/load'
import {
  devNullIsDevice,
  makeFifo,
  releaseReaders,
  restoreDevNull,
  specialInputs,
} from '../../testing/special-files'
import { saveFile } from './atomic-write'
import { DocumentService } from './documents'
import { readCheckpoint } from './farm/checkpoint'
import { readFileSyncChecked, readInputFile } from './input-file'
import { queensCheckpoint } from './queens/count-run'

// Runs as root and, in CI, as an unprivileged user too (.ci/run): both must pass, nothing skipped.
const dir = mkdtempSync(join(tmpdir(), 'pw-devices-'))
const inputs = specialInputs(dir)
afterEach(() => releaseReaders(join(dir, 'pipe.json')))
afterAll(() => {
  restoreDevNull()
  rmSync(dir, { recursive: true, force: true })
})

const HUNG = 'still waiting after 10 s'

/** What `p` gives, or a hang turned into a failure after 10 s. */
async function inTime<T>(p: Promise<T>): Promise<T | typeof HUNG> {
  let timer: NodeJS.Timeout | undefined
  const hung = new Promise<typeof HUNG>((resolve) => {
    timer = setTimeout(() => resolve(HUNG), 10_000)
  })
  try {
    return await Promise.race([p, hung])
  } finally {
    clearTimeout(timer)
  }
}

/** The error a read or write ends with (or what it did instead). */
const refusal = (p: Promise<unknown>): Promise<string> =>
  inTime(
    p.then(
      (value) =>
        `no error (${typeof value === 'string' ? `read ${value.length} characters` : 'done'})`,
      (e: unknown) => (e instanceof InputError ? e.message : `not an InputError: ${String(e)}`),
    ),
  )

describe('reading a device or a pipe', () => {
  it.each(inputs)(
    'refuses $path in one line naming it, at once (the app)',
    async ({ path, is }) => {
      const name = path.slice(path.lastIndexOf('/') + 1)
      expect(await refusal(readInputFile(path))).toBe(`${name}: ${is}, not a file`)
    },
  )

  it.each(inputs)('refuses $path as a checkpoint', async ({ path, is }) => {
    expect(await refusal(readCheckpoint(path, queensCheckpoint))).toBe(
      `${path}: ${is}, not a checkpoint file`,
    )
  })

  it('refuses a pipe with a writer at its other end too: it need never end', () => {
    const fifo = makeFifo(dir, 'written.json')
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
    const writer = openSync(fifo, constants.O_WRONLY)
    try {
      writeFileSync(writer, '{}')
      expect(() => readFileSyncChecked(fifo, { what: 'piece set file' })).toThrow(
        `${fifo}: is a pipe, not a piece set file`,
      )
    } finally {
      closeSync(writer)
      closeSync(reader)
    }
  })

  it('still reads a regular file through a link, and caps what it reads', () => {
    const file = join(dir, 'set.json')
    writeFileSync(file, '\u00e9'.repeat(10))
    symlinkSync(file, join(dir, 'set-link.json'))
    expect(readFileSyncChecked(join(dir, 'set-link.json'))).toBe('\u00e9'.repeat(10))
    writeFileSync(file, 'x'.repeat(1_500_000))
    expect(() => readFileSyncChecked(file, { maxBytes: 1e6 })).toThrow(
      `${file}: too large (1.5 MB); the workbench reads files of at most 1 MB`,
    )
  })
})

describe('writing into a device or a pipe', () => {
  it('writes into /dev/null, and into a link to it, which stay what they were', async () => {
    const link = join(dir, 'null-link.svg')
    symlinkSync('/dev/null', link)
    await saveFile('/dev/null', '<svg/>')
    await saveFile(link, '<svg/>')
    expect(devNullIsDevice()).toBe(true)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
  })

  it('writes into a pipe that a program reads, all of it, and leaves the pipe', async () => {
    const fifo = makeFifo(dir, 'out.hpgl')
    // Larger than a pipe holds: the write waits for the reader between parts.
    const data = Buffer.alloc(1 << 20, 'PA0,0;')
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
    const got: Buffer[] = []
    let size = 0
    const drain = setInterval(() => {
      const chunk = Buffer.alloc(1 << 16)
      try {
        const n = readSync(reader, chunk)
        got.push(chunk.subarray(0, n))
        size += n
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e
      }
    }, 5)
    try {
      await saveFile(fifo, data)
      while (size < data.length) await new Promise((resolve) => setTimeout(resolve, 20))
    } finally {
      clearInterval(drain)
      closeSync(reader)
    }
    expect(Buffer.concat(got).equals(data)).toBe(true)
    expect(statSync(fifo).isFIFO()).toBe(true)
  })

  it('refuses a pipe nobody reads, at once, and leaves it', async () => {
    const fifo = makeFifo(dir, 'unread.txt')
    expect(await refusal(saveFile(fifo, 'text'))).toBe(
      `${fifo}: cannot write (a pipe that no program reads)`,
    )
    expect(statSync(fifo).isFIFO()).toBe(true)
  })

  it('refuses a socket and leaves it', async () => {
    const socket = join(dir, 'plotter.sock')
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(socket, resolve))
    try {
      expect(await refusal(saveFile(socket, 'text'))).toBe(
        `${socket}: cannot write (is a socket, not a file)`,
      )
      expect(statSync(socket).isSocket()).toBe(true)
    } finally {
      server.close()
    }
  })
})

describe('autosaves beside a device or a pipe', () => {
  it('are listed and read back at once, what is no file skipped', async () => {
    const autosaveDir = mkdtempSync(join(dir, 'autosave-'))
    const service = new DocumentService({ autosaveDir })
    const text = readFileSync(new URL('../../resources/sets/tangram.json', import.meta.url), 'utf8')
    const kept = documentFromJson(parseJson(text, 'tangram.json'), 'x')
    await service.autosaveWrite('kept', kept.name, JSON.stringify({ document: kept }))
    mkdirSync(join(autosaveDir, 'edge-matching'))
    const pipes = [
      makeFifo(autosaveDir, 'pipe.json'),
      makeFifo(join(autosaveDir, 'edge-matching'), 'puzzle.json'),
    ]
    symlinkSync('/dev/zero', join(autosaveDir, 'zeros.json'))
    try {
      const listed = await inTime(service.autosaveList())
      expect(listed === HUNG ? HUNG : listed.map((r) => r.id)).toEqual(['kept'])
      expect(await inTime(service.puzzleAutosaveRead())).toBeUndefined()
    } finally {
      pipes.forEach(releaseReaders)
    }
  })
})
