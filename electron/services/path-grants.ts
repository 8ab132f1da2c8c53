import { resolve } from 'node:path'
import { InputError } from '../../shared/errors'

/**
 * Where the API may read and write. Every path a client sends goes through one: the renderer is
 * not trusted with paths, since a page that went wrong could otherwise read or overwrite any file
 * of the user's.
 */
export interface PathPolicy {
  /** The absolute path the client may use, or an InputError naming what it sent. */
  resolve(path: string): string | Promise<string>
}

/**
 * The Electron app's policy: a path is the renderer's to use only if the main process's own
 * dialog returned it in this session, or it is one of the recent files (which were all chosen so).
 */
export class PathGrants implements PathPolicy {
  private readonly granted = new Set<string>()

  constructor(private readonly recent: () => Promise<readonly string[]>) {}

  /** Records a path the user chose in a dialog; returns it absolute. */
  grant(path: string): string {
    const abs = resolve(path)
    this.granted.add(abs)
    return abs
  }

  /** The paths chosen in dialogs this session. */
  chosen(): string[] {
    return [...this.granted]
  }

  async resolve(path: string): Promise<string> {
    const abs = resolve(path)
    if (this.granted.has(abs) || (await this.recent()).includes(abs)) return abs
    throw new InputError(`${path}: not chosen in a file dialog; choose it with Open or Save As`)
  }
}
