import { mkdir } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { saveFile, writeFileAtomic } from './atomic-write'
import { Autosaves } from './autosaves'
import { describeFsError } from './fs-errors'
import { readFileChecked, readInputFile } from './input-file'
import {
  puzzleAutosaveSchema,
  type AutosaveEntry,
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

/** Opening and saving documents, and the autosaves that keep unsaved work across crashes. */
export class DocumentService {
  private readonly autosaveDir: string
  private readonly autosaves: Autosaves
  private puzzleWrites: Promise<void> = Promise.resolve()

  constructor(opts: { autosaveDir: string }) {
    this.autosaveDir = resolve(opts.autosaveDir)
    this.autosaves = new Autosaves(this.autosaveDir)
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

  /** `contents`: the JSON of the document and its history, kept as the text it is. */
  autosaveWrite(id: string, name: string, contents: string, path?: string): Promise<void> {
    return this.autosaves.write(id, name, contents, path)
  }

  autosaveDiscard(id: string): Promise<void> {
    return this.autosaves.discard(id)
  }

  autosaveList(): Promise<AutosaveEntry[]> {
    return this.autosaves.list()
  }

  autosaveRead(id: string): Promise<Recoverable> {
    return this.autosaves.read(id)
  }

  /** The edge-matching view's puzzle, in a folder of its own (the autosave list reads only files). */
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
      // A device or a pipe in the folder must not hang the read (the one reader refuses it).
      const text = await readFileChecked(join(this.autosaveDir, 'edge-matching', 'puzzle.json'), {
        maxBytes: 64e6,
      })
      const parsed = puzzleAutosaveSchema.safeParse(JSON.parse(text))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }
}
