import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { InputError } from '../../shared/errors'
import { tooLargeMessage } from '../../shared/formats/text'
import { LIMITS } from '../../shared/limits'
import { describeFsError, notAFile } from './fs-errors'

/**
 * The one reader of every file the workbench is given (piece sets, figures, puzzles, checkpoints,
 * plot files), in the CLI and the app. Only a regular file is read, and at most `maxBytes` of it:
 * a device (/dev/zero never ends), a pipe (whose open waits for a writer) or a socket is refused
 * at once, in one line naming the file. The file is opened without waiting (O_NONBLOCK) and
 * checked again on the opened file, so one swapped for a pipe after the first look cannot hang
 * the read either.
 */
export interface ReadOptions {
  /** How messages name the file: its path (the CLI) or its name (the app). Default: the path. */
  readonly label?: string
  /** What the file should be, as in "no such piece set file". Default: "file". */
  readonly what?: string
  /** Its article, as in "is a folder, not an HPGL file". Default: "a". */
  readonly article?: 'a' | 'an'
  /** Default: LIMITS.maxFileBytes. */
  readonly maxBytes?: number
  /** Default: utf8. */
  readonly encoding?: BufferEncoding
}

/** A file that could not be read; `code` is the file system's (ENOENT…) when it said why. */
export class FileReadError extends InputError {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = 'FileReadError'
  }
}

// O_NONBLOCK: opening a pipe for reading would otherwise wait for a writer. Windows has neither.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)
const CHUNK = 1 << 16

/** The text of a regular file of at most `maxBytes`; everything else is a FileReadError. */
export function readFileSyncChecked(path: string, o: ReadOptions = {}): string {
  const r = new Reading(path, o)
  try {
    r.check(statSync(path))
    const fd = openSync(path, READ_FLAGS)
    try {
      r.check(fstatSync(fd))
      for (;;) {
        const chunk = Buffer.allocUnsafe(CHUNK)
        const n = readSync(fd, chunk, 0, CHUNK, null)
        if (n === 0) return r.text()
        r.add(chunk, n)
      }
    } finally {
      closeSync(fd)
    }
  } catch (e) {
    throw r.error(e)
  }
}

/** `readFileSyncChecked` without blocking the event loop while the bytes come. */
export async function readFileChecked(path: string, o: ReadOptions = {}): Promise<string> {
  const r = new Reading(path, o)
  try {
    r.check(await stat(path))
    const handle = await open(path, READ_FLAGS)
    try {
      r.check(await handle.stat())
      for (;;) {
        const chunk = Buffer.allocUnsafe(CHUNK)
        const { bytesRead } = await handle.read(chunk, 0, CHUNK, null)
        if (bytesRead === 0) return r.text()
        r.add(chunk, bytesRead)
      }
    } finally {
      await handle.close()
    }
  } catch (e) {
    throw r.error(e)
  }
}

/** The text of a file the user opens in the app (a piece set, a puzzle); errors name the file. */
export const readInputFile = (abs: string): Promise<string> =>
  readFileChecked(abs, { label: basename(abs) })

/** One read: its checks, the bytes so far and its errors in the user's words. */
class Reading {
  private readonly label: string
  private readonly what: string
  private readonly max: number
  private readonly chunks: Buffer[] = []
  private size = 0

  constructor(
    path: string,
    private readonly o: ReadOptions,
  ) {
    this.label = o.label ?? path
    this.what = o.what ?? 'file'
    this.max = o.maxBytes ?? LIMITS.maxFileBytes
  }

  check(stats: Stats): void {
    const not = notAFile(stats)
    if (not)
      throw new FileReadError(`${this.label}: ${not}, not ${this.o.article ?? 'a'} ${this.what}`)
    this.checkSize(stats.size)
  }

  add(chunk: Buffer, n: number): void {
    this.chunks.push(chunk.subarray(0, n))
    this.size += n
    // A file growing while it is read is held to the same limit.
    this.checkSize(this.size)
  }

  text(): string {
    return Buffer.concat(this.chunks, this.size).toString(this.o.encoding ?? 'utf8')
  }

  error(e: unknown): FileReadError {
    if (e instanceof FileReadError) return e
    return new FileReadError(
      `${this.label}: ${describeFsError(e, `no such ${this.what}`)}`,
      (e as NodeJS.ErrnoException).code,
    )
  }

  private checkSize(bytes: number): void {
    if (bytes > this.max) throw new FileReadError(tooLargeMessage(this.label, bytes, this.max))
  }
}
