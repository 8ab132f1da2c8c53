import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface SmallDisk {
  readonly dir: string
  /** Makes it read-only (EROFS), as a disk that failed or a locked medium. */
  readOnly(): void
  unmount(): void
}

/**
 * A real file system of `kib` KiB (tmpfs), to test what a full or read-only disk does to a write.
 * Mounting needs root (CI runs as root); elsewhere this gives undefined and the caller skips.
 */
export function mountSmallDisk(kib: number): SmallDisk | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'pw-small-disk-'))
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', dir], {
    stdio: 'ignore',
  })
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    return undefined
  }
  return {
    dir,
    readOnly() {
      spawnSync('mount', ['-o', 'remount,ro', dir], { stdio: 'ignore' })
    },
    unmount() {
      spawnSync('umount', [dir], { stdio: 'ignore' })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
