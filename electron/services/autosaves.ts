import { mkdir, open, readdir, rm, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { AUTOSAVE_LIMITS, type AutosaveEntry, type Recoverable } from '../../shared/api/contract'
import { MAX_MESSAGE_BYTES } from '../../shared/api/wire'
import { InputError } from '../../shared/errors'
import { writeFileAtomic } from './atomic-write'
import { describeFsError } from './fs-errors'
import { readFileChecked } from './input-file'

/**
 * The autosaves that keep unsaved work across crashes, one file each in a folder of their own.
 * A file is two lines: a small header (name, time, path) that the list reads alone, and the
 * document with its history, read only when that one autosave is restored. So listing never reads
 * contents, and every read and write is bounded: an autosave holds at most
 * AUTOSAVE_LIMITS.maxBytes and there are at most AUTOSAVE_LIMITS.maxCount of them.
 */
export class Autosaves {
  private readonly dir: string
  /** Writes one after the other, so that the count is checked against what is on disk. */
  private writes: Promise<void> = Promise.resolve()

  constructor(dir: string) {
    this.dir = resolve(dir)
  }

  /**
   * Keeps `contents` (the renderer's JSON of the document and its history) as the text it is:
   * the host never parses it, so a large autosave costs it no more than its bytes.
   */
  async write(id: string, name: string, contents: string, path?: string): Promise<void> {
    const file = this.file(id)
    const header: Header = {
      autosave: 2,
      name,
      savedAt: new Date().toISOString(),
      ...(path ? { path } : {}),
    }
    const text = `${JSON.stringify(header)}\n${contents}\n`
    const bytes = Buffer.byteLength(text)
    const what = `the autosave of "${name.slice(0, 100)}"`
    if (bytes > AUTOSAVE_LIMITS.maxBytes) {
      throw new InputError(
        `${what}: too large (${mb(bytes)}); an autosave holds at most ${mb(AUTOSAVE_LIMITS.maxBytes)}: save the set to a file to keep it`,
      )
    }
    const write = async () => {
      if (!(await isFile(file)) && (await this.files()).length >= AUTOSAVE_LIMITS.maxCount) {
        throw new InputError(
          `${what}: there are ${AUTOSAVE_LIMITS.maxCount} autosaves already, the most kept: restore or discard earlier unsaved work to autosave this one`,
        )
      }
      try {
        await mkdir(this.dir, { recursive: true })
        await writeFileAtomic(file, text)
      } catch (e) {
        throw new InputError(`${file}: cannot write the autosave (${describeFsError(e)})`)
      }
    }
    const done = this.writes.then(write)
    this.writes = done.catch(() => {})
    return done
  }

  async discard(id: string): Promise<void> {
    await rm(this.file(id), { force: true })
  }

  /** Every autosave without its contents, newest first; a damaged one is skipped. */
  async list(): Promise<AutosaveEntry[]> {
    const found: AutosaveEntry[] = []
    // One file at a time: a header is a few kB, but a folder may hold many files.
    for (const name of await this.files()) {
      const entry = await this.entry(name.slice(0, -'.json'.length)).catch(() => undefined)
      if (entry) found.push(entry)
    }
    return found.sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt))
  }

  /**
   * One autosave with its contents as written, to restore it: the renderer parses and checks
   * them. An earlier version's autosave is one record, which holds the contents' fields.
   */
  async read(id: string): Promise<Recoverable> {
    const text = await this.text(id)
    const end = text.indexOf('\n')
    const header =
      end >= 0 ? headerSchema.safeParse(parseOrUndefined(text.slice(0, end))).data : undefined
    if (header) return { ...entryOf(id, header), contents: text.slice(end + 1).replace(/\n$/, '') }
    const earlier = earlierHeader(text)
    if (!earlier) throw new InputError(`autosave ${id}: damaged, it cannot be restored`)
    return { ...entryOf(id, earlier), contents: text }
  }

  /** The header of one autosave, read from the first bytes of its file. */
  private async entry(id: string): Promise<AutosaveEntry | undefined> {
    const handle = await open(this.file(id), 'r')
    let head: string
    try {
      const buffer = Buffer.alloc(HEADER_BYTES)
      const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0)
      head = buffer.subarray(0, bytesRead).toString('utf8')
    } finally {
      await handle.close()
    }
    const end = head.indexOf('\n')
    const header =
      (end >= 0 ? headerSchema.safeParse(parseOrUndefined(head.slice(0, end))).data : undefined) ??
      earlierHeader(head)
    return header && entryOf(id, header)
  }

  /** An autosave's whole file. */
  private async text(id: string): Promise<string> {
    const file = this.file(id)
    const what = `autosave ${id}`
    let text: string
    try {
      // The one reader: a regular file only. Autosaves of earlier versions could be as large as
      // one message to the host.
      text = await readFileChecked(file, {
        label: what,
        what: 'autosave',
        article: 'an',
        maxBytes: MAX_MESSAGE_BYTES + HEADER_BYTES,
      })
    } catch (e) {
      if (e instanceof InputError) throw e
      throw new InputError(`${what}: cannot be read (${describeFsError(e, 'it is gone')})`)
    }
    return text
  }

  /** The names of the autosave files: regular files only (a FIFO would hang a read). */
  private async files(): Promise<string[]> {
    try {
      const entries = await readdir(this.dir, { withFileTypes: true })
      return entries
        .filter((e) => e.isFile() && /^[A-Za-z0-9_-]{1,100}\.json$/.test(e.name))
        .map((e) => e.name)
    } catch {
      return []
    }
  }

  private file(id: string): string {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(id))
      throw new InputError(
        `autosave id ${JSON.stringify(id.slice(0, 100))}: only letters, digits, "-" and "_" are allowed`,
      )
    return join(this.dir, `${id}.json`)
  }
}

/** What the first bytes of an autosave may hold: a name of 200 characters and a path of 4096. */
const HEADER_BYTES = 64 * 1024

const headerSchema = z.object({
  autosave: z.literal(2),
  name: z.string(),
  savedAt: z.iso.datetime(),
  path: z.string().optional(),
})
type Header = z.infer<typeof headerSchema>

const entryOf = (id: string, r: Header): AutosaveEntry => ({
  id,
  name: r.name,
  savedAt: r.savedAt,
  ...(r.path ? { path: r.path } : {}),
})

/**
 * The header of an earlier version's autosave, one JSON record as that version wrote it
 * (`{"id":…,"savedAt":…,"path":…,"document":{"name":…`), taken from its start: the list reads no
 * more of it than of this version's.
 */
function earlierHeader(head: string): Header | undefined {
  const start = EARLIER_START.exec(head)
  if (!start) return undefined
  try {
    const [savedAt, path, name] = [start[1], start[2], start[3]].map(
      (s) => s && (JSON.parse(s) as string),
    )
    return headerSchema.safeParse({ autosave: 2, name, savedAt, ...(path ? { path } : {}) }).data
  } catch {
    return undefined // a broken escape in a string
  }
}

const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`
const EARLIER_START = new RegExp(
  String.raw`^\{"id":"[\w-]*","savedAt":(${JSON_STRING})(?:,"path":(${JSON_STRING}))?,"document":\{"name":(${JSON_STRING})`,
)

function parseOrUndefined(text: string): object | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null ? value : undefined
  } catch {
    return undefined
  }
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
