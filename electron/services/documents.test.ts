import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTOSAVE_LIMITS, type Recoverable } from '../../shared/api/contract'
import { documentFromJson, type WorkbenchDocument } from '../../shared/document/document'
import { InputError } from '../../shared/errors'
import { parseJson } from '../../shared/formats/load'
import { DocumentService } from './documents'

const asRoot = process.getuid?.() === 0

function tangram(): WorkbenchDocument {
  const text = readFileSync(new URL('../../resources/sets/tangram.json', import.meta.url), 'utf8')
  const doc = documentFromJson(parseJson(text, 'tangram.json'), 'tangram.json')
  const square = [
    [0, 0],
    [4, 0],
    [4, 4],
    [0, 4],
  ] as const
  return { ...doc, figures: [{ id: 'f1', name: 'square', polygon: square }] }
}

/** A document as the user may leave it mid-drawing: no name, an open polygon. */
const halfDrawn: WorkbenchDocument = {
  name: '',
  pieces: [
    {
      id: 'p1',
      name: '',
      polygon: [
        [0, 0],
        [2, 0],
      ],
      count: 1,
      color: '#e4572e',
    },
  ],
  figures: [],
}

const withoutIds = (d: WorkbenchDocument) => ({
  ...d,
  pieces: d.pieces.map(({ id: _, ...p }) => p),
  figures: d.figures.map(({ id: _, ...f }) => f),
})

async function inputError(p: Promise<unknown>): Promise<string> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(InputError)
  return (e as Error).message
}

let dir: string
let service: DocumentService
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'workbench-docs-'))
  service = new DocumentService({ autosaveDir: join(dir, 'autosave') })
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('documents', () => {
  it('round-trip through save and open, as pretty JSON with a final newline', async () => {
    const doc = tangram()
    const file = join(dir, 'tangram.json')
    expect(await service.save(file, doc)).toEqual({ path: file })
    const text = readFileSync(file, 'utf8')
    expect(text.endsWith('}\n')).toBe(true)
    expect(text).toContain('\n  "name": "Tangram",\n')
    const opened = await service.open(file)
    expect(opened.path).toBe(file)
    expect(withoutIds(opened.document)).toEqual(withoutIds(doc))
  })

  it('answer absolute paths for relative ones', async () => {
    const file = join(dir, 'tangram.json')
    await service.save(relative(process.cwd(), file), tangram())
    expect((await service.open(relative(process.cwd(), file))).path).toBe(file)
  })

  it('refuse to open what is not a readable piece set, naming the file', async () => {
    mkdirSync(join(dir, 'folder.json'))
    writeFileSync(join(dir, 'broken.json'), '{"name": "x",\n  "pieces": [}')
    writeFileSync(join(dir, 'figure.json'), '{"format": "puzzle-workbench/figure"}')
    expect(await inputError(service.open(join(dir, 'tangram.json')))).toBe(
      'tangram.json: no such file',
    )
    expect(await inputError(service.open(join(dir, 'folder.json')))).toBe(
      'folder.json: is a folder, not a file',
    )
    expect(await inputError(service.open(join(dir, 'broken.json')))).toBe(
      'broken.json: line 2, column 14: not valid JSON (unexpected "}")',
    )
    expect(await inputError(service.open(join(dir, 'figure.json')))).toBe(
      'figure.json: this is a figure file, not a piece set',
    )
  })

  it.skipIf(asRoot)('refuse to open an unreadable file', async () => {
    const file = join(dir, 'secret.json')
    await service.save(file, tangram())
    chmodSync(file, 0o000)
    expect(await inputError(service.open(file))).toBe('secret.json: permission denied')
  })

  it('open files that start with a byte-order mark', async () => {
    const file = join(dir, 'bom.json')
    await service.save(file, tangram())
    writeFileSync(file, '\uFEFF' + readFileSync(file, 'utf8'))
    expect((await service.open(file)).document.name).toBe('Tangram')
  })

  it('refuse a file larger than any piece set before reading it, naming its size', async () => {
    const file = join(dir, 'huge.json')
    await service.save(file, tangram())
    // Valid JSON, and a valid set, padded to 2.5 MB with spaces after it.
    writeFileSync(file, readFileSync(file, 'utf8') + ' '.repeat(2_500_000))
    expect(await inputError(service.open(file))).toBe(
      'huge.json: too large (2.5 MB); the workbench reads files of at most 2 MB',
    )
  })

  it('save nothing for an invalid document, leaving the old file byte for byte', async () => {
    const file = join(dir, 'tangram.json')
    await service.save(file, tangram())
    const before = readFileSync(file)
    expect(await inputError(service.save(file, halfDrawn))).toMatch(/^cannot save yet: /)
    expect(readFileSync(file).equals(before)).toBe(true)
    await expect(service.save(join(dir, 'new.json'), halfDrawn)).rejects.toThrow(InputError)
    expect(readdirSync(dir)).toEqual(['tangram.json'])
  })

  it('leave the old file whole and no partial file when writing fails midway', () => {
    const file = join(dir, 'tangram.json')
    const before = readFileSync(new URL('../../resources/sets/tangram.json', import.meta.url))
    writeFileSync(file, before)
    // RLIMIT_FSIZE stops the write part of the way, as a disk that fills up does.
    const script = `
      const { DocumentService } = await import(${JSON.stringify(new URL('./documents.ts', import.meta.url).href)})
      const { tangram } = JSON.parse(process.argv[1])
      try {
        await new DocumentService({ autosaveDir: '.' }).save(${JSON.stringify(file)}, { ...tangram, name: 'x'.repeat(200_000) })
        console.log('saved')
      } catch (e) { console.log(e.message) }`
    const r = spawnSync(
      'bash',
      [
        '-c',
        `trap '' XFSZ; ulimit -f 64; exec "${process.execPath}" --import tsx --input-type=module -e "$0" "$1"`,
        script,
        JSON.stringify({ tangram: tangram() }),
      ],
      { encoding: 'utf8' },
    )
    expect(r.stdout.trim()).toBe(
      `${file}: cannot save (the file is larger than this disk or a limit allows)`,
    )
    expect(readFileSync(file).equals(before)).toBe(true)
    expect(readdirSync(dir)).toEqual(['tangram.json'])
  })

  it.skipIf(asRoot)('fail cleanly in a read-only folder', async () => {
    const file = join(dir, 'tangram.json')
    await service.save(file, tangram())
    const before = readFileSync(file)
    chmodSync(dir, 0o555)
    try {
      expect(await inputError(service.save(file, tangram()))).toBe(
        `${file}: cannot save (permission denied)`,
      )
    } finally {
      chmodSync(dir, 0o755)
    }
    expect(readFileSync(file).equals(before)).toBe(true)
    expect(readdirSync(dir)).toEqual(['tangram.json'])
  })

  it('name the path when its folder is missing', async () => {
    const file = join(dir, 'missing', 'tangram.json')
    expect(await inputError(service.save(file, tangram()))).toBe(
      `${file}: cannot save (no such folder)`,
    )
    expect(readdirSync(dir)).toEqual([])
  })
})

describe('autosaves', () => {
  const at = (iso: string) => vi.setSystemTime(new Date(iso))
  /** Autosaves a document as the renderer does: its name, and the JSON of it and its history. */
  const write = (id: string, document: WorkbenchDocument, path?: string, history?: object) =>
    service.autosaveWrite(id, document.name, JSON.stringify({ document, history }), path)
  /** An autosave read back, its contents parsed. */
  const read = async (id: string) => {
    const { contents, ...entry } = await service.autosaveRead(id)
    return { ...entry, ...(JSON.parse(contents) as object) }
  }

  it('are listed newest first without their contents, read one by one, and discarded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    at('2025-01-01T10:00:00.000Z')
    await write('old', tangram(), join(dir, 'tangram.json'))
    at('2025-01-01T12:00:00.000Z')
    const newer = { ...tangram(), name: 'Newer' }
    await write('new', newer)
    at('2025-01-01T11:00:00.000Z')
    await write('middle', { ...tangram(), name: 'Middle' })
    const list = await service.autosaveList()
    expect(list).toEqual([
      { id: 'new', name: 'Newer', savedAt: '2025-01-01T12:00:00.000Z' },
      { id: 'middle', name: 'Middle', savedAt: '2025-01-01T11:00:00.000Z' },
      {
        id: 'old',
        name: 'Tangram',
        savedAt: '2025-01-01T10:00:00.000Z',
        path: join(dir, 'tangram.json'),
      },
    ])
    expect(await read('new')).toEqual({ ...list[0], document: newer })

    await service.autosaveDiscard('middle')
    await service.autosaveDiscard('middle')
    await service.autosaveDiscard('never-written')
    expect((await service.autosaveList()).map((r) => r.id)).toEqual(['new', 'old'])
    expect(await inputError(service.autosaveRead('middle'))).toBe(
      'autosave middle: no such autosave',
    )
  })

  it('replace the earlier autosave of the same id', async () => {
    await write('doc-1', tangram())
    await write('doc-1', { ...tangram(), name: 'Second' })
    expect((await service.autosaveList()).map((r) => r.name)).toEqual(['Second'])
  })

  it('keep a half-drawn document exactly as it was', async () => {
    await write('draft', halfDrawn)
    const r: Recoverable = await service.autosaveRead('draft')
    expect(r).toMatchObject({ id: 'draft', name: '' })
    expect(await read('draft')).toMatchObject({ document: halfDrawn })
  })

  it('keep the contents exactly as the renderer wrote them, without reading them', async () => {
    const now = tangram()
    const before = { ...now, name: 'Before' }
    await write('doc-1', now, undefined, { past: [before], future: [] })
    expect(await read('doc-1')).toMatchObject({ document: now, history: { past: [before] } })
    // Whatever the text: the renderer checks it when it restores (renderer/src/stores/autosave-contents.ts).
    for (const contents of ['{"document":{"name":1', 'not JSON at all', '']) {
      await service.autosaveWrite('doc-1', 'Some name', contents)
      expect(await service.autosaveRead('doc-1')).toMatchObject({ name: 'Some name', contents })
    }
  })

  it('of an earlier version (one JSON record) are listed and restored', async () => {
    // Its history larger than the first bytes the list reads; a name with quotes and backslashes.
    const document = { ...tangram(), name: 'Tangram "copy" \\ 2', description: 'x'.repeat(10_000) }
    const before = { ...document, name: 'Before' }
    mkdirSync(join(dir, 'autosave'))
    const record = {
      id: 'v1',
      savedAt: '2025-01-01T10:00:00.000Z',
      path: '/files/tangram.json',
      document,
      history: { past: Array<WorkbenchDocument>(10).fill(before), future: [] },
    }
    writeFileSync(join(dir, 'autosave', 'v1.json'), JSON.stringify(record) + '\n')
    expect(statSync(join(dir, 'autosave', 'v1.json')).size).toBeGreaterThan(100_000)
    const entry = {
      id: 'v1',
      name: document.name,
      savedAt: record.savedAt,
      path: '/files/tangram.json',
    }
    expect(await service.autosaveList()).toEqual([entry])
    // Its one record holds the contents' fields: the renderer reads it as this version's.
    expect(await read('v1')).toMatchObject({ ...entry, document, history: record.history })
  })

  it('skip files that cannot be read or are not autosaves', async () => {
    await write('good', tangram())
    const autosaves = join(dir, 'autosave')
    writeFileSync(join(autosaves, 'truncated.json'), '{"id": "truncated", "savedAt": ')
    writeFileSync(join(autosaves, 'other.json'), '{"hello": "world"}')
    writeFileSync(join(autosaves, 'notes.txt'), 'not an autosave')
    mkdirSync(join(autosaves, 'folder.json'))
    // A FIFO would block a read for good.
    spawnSync('mkfifo', [join(autosaves, 'fifo.json')])
    expect((await service.autosaveList()).map((r) => r.id)).toEqual(['good'])
    expect(await inputError(service.autosaveRead('other'))).toBe(
      'autosave other: damaged, it cannot be restored',
    )
  })

  it('list nothing before the first autosave', async () => {
    expect(await service.autosaveList()).toEqual([])
  })

  it('refuse an autosave over the size an autosave may hold, keeping the earlier one', async () => {
    await write('big', tangram())
    const piece = tangram().pieces[0]
    // 9 pieces of 10,000 vertices: 1.1 MB a document, so three steps of history do not fit.
    const polygon = Array.from({ length: 10_000 }, (_, i) => [i, 9999] as const)
    const big = {
      ...tangram(),
      name: 'Big',
      pieces: Array.from({ length: 9 }, (_, i) => ({ ...piece, id: `p${i}`, polygon })),
    }
    await write('big', big)
    expect(
      await inputError(write('big', big, undefined, { past: [big, big], future: [big] })),
    ).toMatch(
      /^the autosave of "Big": too large \(\d+\.\d MB\); an autosave holds at most 4\.0 MB: save the set to a file to keep it$/,
    )
    expect(await read('big')).toEqual(expect.not.objectContaining({ history: expect.anything() }))
  })

  it(`refuse a new autosave beyond ${AUTOSAVE_LIMITS.maxCount}, and still replace those kept`, async () => {
    for (let i = 0; i < AUTOSAVE_LIMITS.maxCount; i++) await write(`a${i}`, tangram())
    expect(await inputError(write('one-more', tangram()))).toBe(
      `the autosave of "Tangram": there are ${AUTOSAVE_LIMITS.maxCount} autosaves already, the most kept: restore or discard earlier unsaved work to autosave this one`,
    )
    await write('a0', { ...tangram(), name: 'Again' })
    await service.autosaveDiscard('a1')
    await write('one-more', tangram())
    expect(await service.autosaveList()).toHaveLength(AUTOSAVE_LIMITS.maxCount)
  })

  it.each(['../escape', 'a/b', 'a.b', '..', '', 'x'.repeat(101), 'nul\0'])(
    'refuse the id %j',
    async (id) => {
      await expect(write(id, tangram())).rejects.toThrow(InputError)
      await expect(service.autosaveDiscard(id)).rejects.toThrow(InputError)
      await expect(service.autosaveRead(id)).rejects.toThrow(InputError)
      expect(readdirSync(dir)).toEqual([])
    },
  )
})
