import { open, readdir, rename, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { InputError } from '../../shared/errors'
import { describeFsError } from './fs-errors'

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
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path)
  const temp = join(dir, tempName(basename(path), process.pid, nextSeq++))
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  // Keep the permissions of the file being replaced (a file the user made private stays so).
  const mode = await stat(path).then(
    (s) => s.mode & 0o7777,
    () => 0o666,
  )
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
    await rename(temp, path)
  } catch (e) {
    await unlink(temp).catch(() => {})
    throw e
  }
  await syncFolder(dir)
  // Leftovers of earlier writes to this same file by processes that were killed mid-write.
  await removeStaleTemps(dir, basename(path)).catch(() => {})
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
  const e: NodeJS.ErrnoException = new Error(`ENOSPC: no space left on device, write '${path}'`)
  e.code = 'ENOSPC'
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
