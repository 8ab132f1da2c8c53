import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { writeFileAtomic } from './atomic-write'
import { settingsSchema, type Settings } from '../../shared/api/contract'
import { InputError } from '../../shared/errors'
import { describeFsError } from './fs-errors'
import { readFileChecked } from './input-file'

const MAX_RECENT = 10

/**
 * The user's settings in one JSON file. Reading never fails: a missing or damaged file, or a
 * damaged field, falls back to the defaults, and the file is left as it is until the next change.
 */
export class SettingsService {
  private readonly file: string
  private readonly defaults: Settings
  // Every operation reads the file afresh and waits for the ones before it, so two quick changes
  // each see the other's result instead of both starting from the same old file.
  private queue: Promise<unknown> = Promise.resolve()

  constructor(opts: { file: string; defaults: Settings }) {
    this.file = opts.file
    this.defaults = opts.defaults
  }

  get(): Promise<Settings> {
    return this.serialize(() => this.read())
  }

  set(partial: Partial<Settings>): Promise<Settings> {
    const parsed = settingsSchema.partial().safeParse(partial)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return Promise.reject(
        new InputError(`settings: ${issue.path.join('.') || 'value'}: ${issue.message}`),
      )
    }
    const changes = Object.fromEntries(
      Object.entries(parsed.data).filter(([, v]) => v !== undefined),
    ) as Partial<Settings>
    return this.serialize(async () => this.write({ ...(await this.read()), ...changes }))
  }

  /** Puts `path` first in the recent files, without duplicates. */
  addRecent(path: string): Promise<Settings> {
    return this.serialize(async () => {
      const current = await this.read()
      const recent = [path, ...current.recent.filter((p) => p !== path)].slice(0, MAX_RECENT)
      return this.write({ ...current, recent })
    })
  }

  private serialize<T>(op: () => Promise<T>): Promise<T> {
    const result = this.queue.then(op)
    this.queue = result.catch(() => undefined)
    return result
  }

  private async read(): Promise<Settings> {
    let stored: unknown
    try {
      stored = JSON.parse(await readFileChecked(this.file))
    } catch {
      return { ...this.defaults }
    }
    const valid: Record<string, unknown> = {}
    if (typeof stored === 'object' && stored !== null) {
      for (const [key, schema] of Object.entries(settingsSchema.shape)) {
        const field = schema.safeParse((stored as Record<string, unknown>)[key])
        if (field.success) valid[key] = field.data
      }
    }
    return { ...this.defaults, ...(valid as Partial<Settings>) }
  }

  private async write(settings: Settings): Promise<Settings> {
    try {
      await mkdir(dirname(this.file), { recursive: true })
      await writeFileAtomic(this.file, JSON.stringify(settings, null, 2) + '\n')
    } catch (e) {
      throw new InputError(`${this.file}: cannot save the settings (${describeFsError(e)})`)
    }
    return settings
  }
}
