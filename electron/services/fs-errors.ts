import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { InputError } from '../../shared/errors'

/** A file-system error in the user's words, e.g. "no such file". */
export function describeFsError(e: unknown, missing = 'no such file'): string {
  switch ((e as NodeJS.ErrnoException).code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return missing
    case 'EISDIR':
      return 'is a folder, not a file'
    case 'EACCES':
    case 'EPERM':
      return 'permission denied'
    case 'EROFS':
      return 'the disk is read-only'
    case 'ENOSPC':
      return 'the disk is full'
    case 'EDQUOT':
      return 'the disk quota is used up'
    case 'EFBIG':
      return 'the file is larger than this disk or a limit allows'
    default:
      return (e as Error).message
  }
}

/**
 * A file's text, or one line naming the file (its base name) and the problem: missing, a folder,
 * not readable, or larger than a file of its kind can be (`what`, e.g. "puzzle file").
 */
export async function readTextFile(path: string, what: string, maxBytes: number): Promise<string> {
  const name = basename(path)
  try {
    if ((await stat(path)).size > maxBytes)
      throw new InputError(`${name}: too large for a ${what} (over ${maxBytes / 1_000_000} MB)`)
    return await readFile(path, 'utf8')
  } catch (e) {
    if (e instanceof InputError) throw e
    throw new InputError(`${name}: ${describeFsError(e)}`)
  }
}
