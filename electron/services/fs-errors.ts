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
