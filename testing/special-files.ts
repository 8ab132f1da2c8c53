import { spawnSync } from 'node:child_process'
import { closeSync, constants, openSync, statSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Device nodes and pipes for the tests of issue 28 (S2, S3): the real ones, as a user gives them.
 * /dev/zero and /dev/urandom never end, /dev/null is empty at once, a pipe's open waits for the
 * other end, and a link leads to any of them.
 */

/** A named pipe (FIFO) in `dir`. */
export function makeFifo(dir: string, name: string): string {
  const path = join(dir, name)
  const r = spawnSync('mkfifo', [path])
  if (r.status !== 0) throw new Error(`mkfifo ${path}: ${r.stderr}`)
  return path
}

/** The inputs that are no regular file, by what a message calls them. */
export function specialInputs(dir: string): { path: string; is: string }[] {
  const link = join(dir, 'zeros.json')
  symlinkSync('/dev/zero', link)
  return [
    { path: '/dev/null', is: 'is a device' },
    { path: '/dev/zero', is: 'is a device' },
    { path: '/dev/urandom', is: 'is a device' },
    { path: link, is: 'is a device' },
    { path: makeFifo(dir, 'pipe.json'), is: 'is a pipe' },
  ]
}

/**
 * Lets go a reader stuck in opening the pipe (code that waits for a writer): the test fails,
 * but no thread stays blocked for ever.
 */
export function releaseReaders(fifo: string): void {
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK))
  } catch {
    // ENXIO: nobody waits.
  }
}

const NULL_DEVICE = 0x103

/** /dev/null as it must stay: the character device 1,3. */
export function devNullIsDevice(): boolean {
  const s = statSync('/dev/null')
  return s.isCharacterDevice() && s.rdev === NULL_DEVICE
}

/**
 * Puts /dev/null back if a write replaced it (code that renames over it, as root): a failed test
 * must not leave the machine without it.
 */
export function restoreDevNull(): void {
  if (devNullIsDevice() || process.getuid?.() !== 0) return
  spawnSync('sh', ['-c', 'rm -f /dev/null && mknod -m 666 /dev/null c 1 3'])
}
