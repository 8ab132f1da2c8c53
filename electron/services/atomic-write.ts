import { constants, type Stats } from 'node:fs'
import { open, readdir, realpath, rename, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { setTimeout } from 'node:timers/promises'
import { InputError } from '../../shared/errors'
import { describeFsError, notAFile } from './fs-errors'

/**
 * Replaces a file so that a crash, a kill or a full disk leaves the old file or the new one, never
 * part of either: the data goes to a temporary file beside the target, every byte of it checked
 * (on a nearly full disk a write takes only part of what it is given, and the next one fails with
 * ENOSPC), then it is synced, renamed over the target, and the folder is synced so the rename
 * lasts. On any failure the temporary file is removed and the target is untouched.
 *
 * Written here because write-file-atomic (6 to 8) and atomically both issue a single write and
 * never look at how many bytes it took, so a full disk gave a truncated file and a success.
 *
 * The temporary file is `.NAME.PID-SEQ.tmp`: hidden from file dialogs, and naming the process that
 * writes it, so that one left by a killed process can be told from one being written now and
 * removed later (`removeStaleTemps`).
 *
 * A character device or a pipe (`-o /dev/null`) is not a file to replace: it is written into.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  const target = await stat(path).catch(() => undefined)
  // A device or a pipe is written into: renaming a file over it would destroy /dev/null.
  if (target && !target.isFile()) return writeInto(path, bytes, target)
  // Through links, to the file itself: renaming over a link replaces the link (/dev/stdout), not
  // what it leads to.
  const real = target ? await realpath(path) : path
  const dir = dirname(real)
  const temp = join(dir, tempName(basename(real), process.pid, nextSeq++))
  // Keep the permissions of the file being replaced (a file the user made private stays so).
  const mode = target ? target.mode & 0o7777 : 0o666
  const file = await open(temp, 'wx', mode)
  try {
    try {
      for (let at = 0; at < bytes.length;) {
        const { bytesWritten } = await file.write(bytes, at, bytes.length - at, at)
        // A write that takes nothing would loop for ever; the disk has no room for more.
        if (bytesWritten <= 0) throw enospc(temp)
        at += bytesWritten
      }
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(temp, real)
  } catch (e) {
    await unlink(temp).catch(() => {})
    throw e
  }
  await syncFolder(dir)
  // Leftovers of earlier writes to this same file by processes that were killed mid-write.
  await removeStaleTemps(dir, basename(real)).catch(() => {})
}

/** Whether a write to `path` goes into a device or a pipe rather than replacing a file. */
export async function writesIntoStream(path: string): Promise<boolean> {
  const target = await stat(path).catch(() => undefined)
  return target !== undefined && (target.isCharacterDevice() || target.isFIFO())
}

// O_NONBLOCK: a pipe nobody reads is refused at once (ENXIO) instead of waiting for a reader, and
// a serial line does not wait for its carrier. O_NOCTTY: a terminal written to does not become
// the process's. Neither creates nor truncates: the device is there.
const STREAM_FLAGS = constants.O_WRONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0)

/**
 * Writes into a character device (/dev/null, a terminal) or a pipe someone reads, as a shell's
 * `>` does; anything else that is not a regular file (a folder, a socket, a disk) is refused.
 */
async function writeInto(path: string, bytes: Uint8Array, target: Stats): Promise<void> {
  if (target.isDirectory()) throw fsError('EISDIR', path)
  if (!target.isCharacterDevice() && !target.isFIFO())
    throw new Error(`${notAFile(target)}, not a file`)
  let handle
  try {
    handle = await open(path, STREAM_FLAGS)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENXIO' && target.isFIFO())
      throw new Error('a pipe that no program reads')
    throw e
  }
  try {
    // Swapped for a regular file since it was looked at: that one is replaced as any file is.
    if ((await handle.stat()).isFile()) {
      await handle.close()
      handle = undefined
      return await writeFileAtomic(path, bytes)
    }
    for (let at = 0; at < bytes.length;) {
      try {
        const { bytesWritten } = await handle.write(bytes, at, bytes.length - at, null)
        if (bytesWritten <= 0) throw enospc(path)
        at += bytesWritten
      } catch (e) {
        // A full pipe: its reader has yet to take what it holds.
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e
        await setTimeout(10)
      }
    }
  } finally {
    await handle?.close()
  }
}

let nextSeq = 1

const TEMP = /^\.(.+)\.(\d+)-(\d+)\.tmp$/

// Names are at most 255 bytes: a long name is shortened in its temporary file's name, which is
// only ever matched by the pattern and compared with the target's (shortened) name.
const shortName = (name: string) => name.slice(0, 180)

function tempName(name: string, pid: number, seq: number): string {
  return `.${shortName(name)}.${pid}-${seq}.tmp`
}

/**
 * Removes the temporary files in `dir` (of `name` only, if given) that were left by writes whose
 * process no longer runs: a save killed half-way leaves one, and the next start or the next
 * write to the same file clears it. Returns the paths removed.
 */
export async function removeStaleTemps(dir: string, name?: string): Promise<string[]> {
  let entries: string[]
  try {
    entries = await readdir(dir)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const entry of entries) {
    const m = TEMP.exec(entry)
    if (!m || (name !== undefined && m[1] !== shortName(name))) continue
    const pid = Number(m[2])
    if (pid === process.pid || running(pid)) continue
    const path = join(dir, entry)
    if (
      await unlink(path).then(
        () => true,
        () => false,
      )
    )
      removed.push(path)
  }
  return removed
}

/** Whether the process `pid` runs. */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function syncFolder(dir: string): Promise<void> {
  let handle
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch {
    // Some systems (Windows, some network file systems) cannot open or sync a folder; the file
    // itself is synced, which is what they offer.
  } finally {
    await handle?.close()
  }
}

function enospc(path: string): NodeJS.ErrnoException {
  return fsError('ENOSPC', path)
}

const FS_MESSAGES = {
  ENOSPC: 'no space left on device',
  EISDIR: 'illegal operation on a directory',
}

function fsError(code: keyof typeof FS_MESSAGES, path: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(`${code}: ${FS_MESSAGES[code]}, write '${path}'`)
  e.code = code
  return e
}

/**
 * `writeFileAtomic`, with a failure as one line for the user: "PATH: cannot save (the disk is
 * full)". The old file, if any, is still whole.
 */
export async function saveFile(
  path: string,
  data: string | Uint8Array,
  action = 'write',
): Promise<void> {
  try {
    await writeFileAtomic(path, data)
  } catch (e) {
    throw new InputError(`${path}: cannot ${action} (${describeFsError(e, 'no such folder')})`)
  }
}

/**
 * At start: the leftovers of killed writes in the app's data folder (settings, autosaves,
 * checkpoints, one level down) and in the given folders (the documents folder, those of the
 * recent files). Returns the paths removed.
 */
export async function removeLeftovers(
  dataDir: string,
  folders: Iterable<string>,
): Promise<string[]> {
  const subfolders = await readdir(dataDir, { withFileTypes: true }).then(
    (entries) => entries.filter((e) => e.isDirectory()).map((e) => join(dataDir, e.name)),
    () => [],
  )
  const all = new Set([
    dataDir,
    ...subfolders,
    join(dataDir, 'autosave', 'edge-matching'),
    ...folders,
  ])
  const removed = await Promise.all([...all].map((dir) => removeStaleTemps(dir)))
  return removed.flat()
}
