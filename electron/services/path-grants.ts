import { mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { z } from 'zod'
import { InputError } from '../../shared/errors'
import { writeFileAtomic } from './atomic-write'
import { readFileChecked } from './input-file'

/**
 * Where the API may read and write. Every path a client sends goes through one: the renderer is
 * not trusted with paths, since a page that went wrong could otherwise read or overwrite any file
 * of the user's.
 */
export interface PathPolicy {
  /** The absolute path the client may use, or an InputError naming what it sent. */
  resolve(path: string): string | Promise<string>
}

/** Paths kept across sessions: the most recently chosen or used; far more than the recent files. */
export const KEPT_GRANTS = 100

const grantsSchema = z.array(z.string().min(1).max(4096)).max(KEPT_GRANTS)

/**
 * The Electron app's policy: a path is the renderer's to use only if the main process's own
 * dialog returned it. The grants are kept in a file of the host's (`file`, in the data folder),
 * which no API call writes, so that what the user opened or saved in an earlier session (the
 * recent files) opens again. Never from the settings' recent list: whatever the renderer can
 * write, it could put any path on.
 */
export class PathGrants implements PathPolicy {
  private loaded: Promise<string[]> | undefined
  private saving: Promise<void> = Promise.resolve()

  constructor(private readonly file: string) {}

  /** Records a path the user chose in a dialog; returns it absolute. */
  async grant(path: string): Promise<string> {
    const abs = resolve(path)
    await this.keep(abs)
    return abs
  }

  async resolve(path: string): Promise<string> {
    const abs = resolve(path)
    if (!(await this.paths()).includes(abs))
      throw new InputError(`${path}: not chosen in a file dialog; choose it with Open or Save As`)
    // Used paths move to the front, so the files in use are the last to be forgotten.
    await this.keep(abs)
    return abs
  }

  /** The paths granted, most recently chosen or used first. */
  async granted(): Promise<readonly string[]> {
    return [...(await this.paths())]
  }

  private paths(): Promise<string[]> {
    this.loaded ??= readGrants(this.file)
    return this.loaded
  }

  private async keep(abs: string): Promise<void> {
    const paths = await this.paths()
    if (paths[0] === abs) return
    const at = paths.indexOf(abs)
    if (at >= 0) paths.splice(at, 1)
    paths.unshift(abs)
    paths.splice(KEPT_GRANTS)
    const text = JSON.stringify(paths, null, 2) + '\n'
    // Writes go in order, each with the list as it was then. One that fails costs only the next
    // session's grant (that file is then chosen again in a dialog), never this call.
    this.saving = this.saving.then(async () => {
      await mkdir(dirname(this.file), { recursive: true })
      await writeFileAtomic(this.file, text)
    })
    this.saving = this.saving.catch(() => {})
    await this.saving
  }
}

/** The grants kept; none if the file is missing or damaged. */
async function readGrants(file: string): Promise<string[]> {
  try {
    const kept = grantsSchema.safeParse(JSON.parse(await readFileChecked(file)))
    return kept.success ? kept.data : []
  } catch {
    return []
  }
}
