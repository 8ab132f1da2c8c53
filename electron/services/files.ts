import { lstatSync, realpathSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import type { FileEntry } from '../../shared/api/contract'
import { InputError } from '../../shared/errors'
import { describeFsError } from './fs-errors'
import type { PathPolicy } from './path-grants'

/**
 * The browser host's own file dialog. Paths come from a web page, so every one is confined to
 * `root`: lexically (no `..` or absolute path outside it) and, for what already exists, after
 * following symbolic links.
 */
export class FileBrowser implements PathPolicy {
  readonly root: string

  constructor(root: string) {
    this.root = resolve(root)
  }

  /** The absolute path of `path` (relative to the root, or absolute) if it lies inside the root. */
  resolve(path: string): string {
    const abs = resolve(this.root, path)
    const outside = () => new InputError(`${path}: outside the folder ${this.root}`)
    if (!within(this.root, abs)) throw outside()
    // The deepest part of the path that exists decides where it really leads; what is below it
    // will be created there.
    const realRoot = realOrSelf(this.root)
    for (let p = abs; ; p = dirname(p)) {
      if (exists(p)) {
        let real: string
        try {
          real = realpathSync(p)
        } catch {
          // A link that leads nowhere (or in a circle) could be pointed outside later.
          throw outside()
        }
        if (!within(realRoot, real)) throw outside()
        return abs
      }
      if (p === this.root) return abs
    }
  }

  /**
   * Folders first, then the files with one of `extensions`, each sorted by name; no hidden files.
   * `path` is a folder, or a file (typed or pasted into the dialog): then its folder is listed,
   * with the file as `file`.
   */
  async list(
    path?: string,
    extensions: readonly string[] = ['.json'],
  ): Promise<{ dir: string; parent?: string; entries: FileEntry[]; file?: string }> {
    const target = path === undefined ? this.root : this.resolve(path)
    let isFile: boolean
    try {
      isFile = !(await stat(target)).isDirectory()
    } catch (e) {
      throw new InputError(`${path ?? target}: ${describeFsError(e, 'no such file or folder')}`)
    }
    const abs = isFile ? dirname(target) : target
    let names: string[]
    try {
      names = await readdir(abs)
    } catch (e) {
      throw new InputError(`${abs}: cannot list (${describeFsError(e, 'no such folder')})`)
    }
    const entries: FileEntry[] = []
    for (const name of names) {
      if (name.startsWith('.')) continue
      const path = join(abs, name)
      let kind: FileEntry['kind']
      try {
        // Links are followed but must stay inside the root, or opening them would fail anyway.
        this.resolve(path)
        kind = (await stat(path)).isDirectory() ? 'dir' : 'file'
      } catch {
        continue
      }
      const lower = name.toLowerCase()
      if (kind === 'dir' || extensions.some((e) => lower.endsWith(e)))
        entries.push({ name, path, kind })
    }
    entries.sort(
      (a, b) =>
        (a.kind === b.kind ? 0 : a.kind === 'dir' ? -1 : 1) ||
        a.name.localeCompare(b.name, 'en', { numeric: true }),
    )
    return {
      dir: abs,
      ...(abs === this.root ? {} : { parent: dirname(abs) }),
      entries,
      ...(isFile ? { file: target } : {}),
    }
  }
}

function within(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

function exists(path: string): boolean {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}
