import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project's folder (the one holding package.json), found from a module's own address. A
 * bundler moves modules (electron/cli/… runs as out/main/cli.js or out/main/chunks/…), so a fixed
 * number of folders up is right for the sources or for the build, not for both.
 */
export function projectRoot(moduleUrl: string): string {
  const start = dirname(fileURLToPath(moduleUrl))
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) throw new Error(`no package.json in ${start} or above`)
  }
}
