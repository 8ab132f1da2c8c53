import type { Stats } from 'node:fs'

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
    case 'EPIPE':
      return 'the program reading it stopped'
    case 'EFBIG':
      return 'the file is larger than this disk or a limit allows'
    default:
      return (e as Error).message
  }
}

/**
 * What a path that is not a regular file is, as in "is a device, not a file"; undefined for a
 * regular file. Devices and pipes never end, so nothing reads them whole or renames over them.
 */
export function notAFile(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined
  if (stats.isDirectory()) return 'is a folder'
  if (stats.isFIFO()) return 'is a pipe'
  if (stats.isSocket()) return 'is a socket'
  return 'is a device'
}
