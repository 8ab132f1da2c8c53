import { mkdir, readdir, rm } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { saveFile, writeFileAtomic } from './atomic-write'
import { describeFsError } from './fs-errors'
import { readFileChecked, readInputFile } from './input-file'
import { z } from 'zod'
import {
  documentHistorySchema,
  documentSchema,
  puzzleAutosaveSchema,
  type DocumentHistory,
  type PuzzleAutosave,
  type Recoverable,
} from '../../shared/api/contract'
import {
  documentFromJson,
  documentToJson,
  type WorkbenchDocument,
} from '../../shared/document/document'
import { InputError } from '../../shared/errors'
import { formatJson, parseJson } from '../../shared/formats/load'

// Autosaves are read back from disk, so they are checked as untrusted input; the document itself
// only has to have the API's shape, since a half-drawn one is exactly what must be kept.
const autosaveSchema = z.object({
  savedAt: z.iso.datetime(),
  path: z.string().optional(),
  document: documentSchema,
  // Checked apart: a history this version cannot read must not cost the document.
  history: z.unknown().optional(),
})

// An autosave is a document with its history: larger than a file the user opens may be, but a
// device or a pipe in the folder must not hang the list.
const readAutosave = (path: string) => readFileChecked(path, { maxBytes: 64e6 })

/** Opening and saving documents, and the autosaves that keep unsaved work across crashes. */
export class DocumentService {
  private readonly autosaveDir: string
  private puzzleWrites: Promise<void> = Promise.resolve()

  constructor(opts: { autosaveDir: string }) {
    this.autosaveDir = resolve(opts.autosaveDir)
  }

  async open(path: string): Promise<{ path: string; document: WorkbenchDocument }> {
    const abs = resolve(path)
    const name = basename(abs)
    const json = parseJson(await readInputFile(abs), name)
    return { path: abs, document: documentFromJson(json, name) }
  }

  async save(path: string, document: WorkbenchDocument): Promise<{ path: string }> {
    const abs = resolve(path)
    await saveFile(abs, formatJson(documentToJson(document)), 'save')
    return { path: abs }
  }

  /** Writes a JSON file atomically: a crash leaves the old file or the new one, never half. */
  async writeJson(path: string, value: object): Promise<{ path: string }> {
    const abs = resolve(path)
    await saveFile(abs, formatJson(value))
    return { path: abs }
  }

  async autosaveWrite(
    id: string,
    document: WorkbenchDocument,
    path?: string,
    history?: DocumentHistory,
  ): Promise<void> {
    const file = this.autosaveFile(id)
    const record = {
      id,
      savedAt: new Date().toISOString(),
      ...(path ? { path } : {}),
      document,
      ...(history ? { history } : {}),
    }
    try {
      await mkdir(this.autosaveDir, { recursive: true })
      await writeFileAtomic(file, JSON.stringify(record) + '\n')
    } catch (e) {
      throw new InputError(`${file}: cannot write the autosave (${describeFsError(e)})`)
    }
  }

  async autosaveDiscard(id: string): Promise<void> {
    await rm(this.autosaveFile(id), { force: true })
  }

  /** Every readable autosave, newest first; a damaged one is skipped rather than failing all. */
  async autosaveList(): Promise<Recoverable[]> {
    let files: string[]
    try {
      files = (await readdir(this.autosaveDir)).filter((f) => f.endsWith('.json'))
    } catch {
      return []
    }
    const found = await Promise.all(
      files.map(async (file): Promise<Recoverable | undefined> => {
        try {
          const parsed = autosaveSchema.safeParse(
            JSON.parse(await readAutosave(join(this.autosaveDir, file))),
          )
          if (!parsed.success) return undefined
          const { savedAt, path, document } = parsed.data
          const history = documentHistorySchema.safeParse(parsed.data.history).data
          // The file name, not the stored id, is what autosaveDiscard will look for.
          const id = file.slice(0, -'.json'.length)
          return {
            id,
            name: document.name,
            savedAt,
            ...(path ? { path } : {}),
            document,
            ...(history ? { history } : {}),
          }
        } catch {
          return undefined
        }
      }),
    )
    return found
      .filter((r) => r !== undefined)
      .sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt))
  }

  /** The edge-matching view's puzzle, in a folder of its own (autosaveList reads only files). */
  puzzleAutosaveWrite(state: PuzzleAutosave): Promise<void> {
    // One write after the other, in the order they came: the last edit is the one kept.
    const write = async () => {
      const dir = join(this.autosaveDir, 'edge-matching')
      try {
        await mkdir(dir, { recursive: true })
        await writeFileAtomic(join(dir, 'puzzle.json'), JSON.stringify(state) + '\n')
      } catch (e) {
        throw new InputError(`${dir}: cannot write the autosave (${describeFsError(e)})`)
      }
    }
    const done = this.puzzleWrites.then(write)
    this.puzzleWrites = done.catch(() => {})
    return done
  }

  /** The last autosaved puzzle; none if there is none or it is damaged. */
  async puzzleAutosaveRead(): Promise<PuzzleAutosave | undefined> {
    try {
      const text = await readAutosave(join(this.autosaveDir, 'edge-matching', 'puzzle.json'))
      const parsed = puzzleAutosaveSchema.safeParse(JSON.parse(text))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  private autosaveFile(id: string): string {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(id))
      throw new InputError(
        `autosave id ${JSON.stringify(id.slice(0, 100))}: only letters, digits, "-" and "_" are allowed`,
      )
    return join(this.autosaveDir, `${id}.json`)
  }
}
