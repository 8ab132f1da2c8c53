import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import type { BundledPuzzle, WorkbenchEvent } from '../../shared/api/contract'
import type { RunEventOf } from '../../shared/api/run'
import { DEFAULT_EXPORT } from '../../shared/drawing/export-settings'
import { parseCards } from '../../shared/edgematch/cards/format'
import { firstSolution } from '../../shared/edgematch/cards/solve'
import type { WorkbenchDocument } from '../../shared/document/document'
import { pieceSetFromJson } from '../../shared/formats/load'
import { d4Matrix, type D4 } from '../../shared/lattice/d4'
import { verifyTiling } from '../../shared/tiling/verify'
import { testWorkbench } from '../../testing/workbench'

/** The dispatcher both transports call, over the real services, as the browser host builds it. */
const events: WorkbenchEvent[] = []
const outside = mkdtempSync(join(tmpdir(), 'pw-wb-outside-'))
const namedDevice = join(outside, 'lp0')
writeFileSync(namedDevice, 'not a device')
const { workbench, data, files, close } = testWorkbench({
  devices: () => [namedDevice],
  workers: 2,
})
const off = workbench.onEvent((e) => events.push(e))
afterAll(() => close())

async function ok<T>(method: string, params?: unknown): Promise<T> {
  const reply = await workbench.call(method, params)
  if (!reply.ok) throw new Error(`${method} failed: ${reply.error}`)
  return reply.value as T
}
async function refused(method: unknown, params?: unknown): Promise<string> {
  const reply = await workbench.call(method, params)
  expect(reply.ok).toBe(false)
  return reply.ok ? '' : reply.error
}

describe('the workbench dispatcher', () => {
  it('refuses unknown methods and parameters that do not match the contract, naming them', async () => {
    expect(await refused('shell.exec', { command: 'rm -rf /' })).toBe('no such method: shell.exec')
    expect(await refused(42)).toBe('no such method: 42')
    expect(await refused('document.open', { path: 5 })).toMatch(
      /^document.open: bad parameters \(path: /,
    )
    expect(await refused('document.open', { path: 'a.json', extra: true })).toMatch(
      /^document.open: bad parameters/,
    )
    expect(await refused('run.start', { kind: 'solve', params: { kind: 'everything' } })).toMatch(
      /^run.start: bad parameters/,
    )
    expect(await refused('solver.trace', { document: {}, figure: [], maxSteps: 1e9 })).toMatch(
      /^solver.trace: bad parameters/,
    )
    // The recent files are the host's record of what opened and saved, not the client's to write.
    expect(await refused('settings.set', { recent: ['/etc/passwd'] })).toBe(
      'settings.set: bad parameters (value: Unrecognized key: "recent")',
    )
  })

  it('tells the renderer which host it runs in', async () => {
    expect(await ok('app.info')).toMatchObject({
      host: 'browser',
      version: '0.0.0-test',
      nativeDialogs: false,
      folder: files,
    })
  })

  it('lists and opens the bundled sets by id, and lists the bundled figures', async () => {
    const sets =
      await ok<{ id: string; pieces: number; area: number; outlines: number }[]>('library.list')
    expect(sets.find((s) => s.id === 'tangram')).toMatchObject({
      pieces: 7,
      area: 16,
      outlines: 20,
    })
    expect(sets.find((s) => s.id === 'tetraboloes')).toMatchObject({ pieces: 14, outlines: 63 })
    const { document } = await ok<{ document: WorkbenchDocument }>('library.open', {
      id: 'pentominoes',
    })
    expect(document.pieces).toHaveLength(12)
    expect(document.figures.map((f) => f.name)).toContain('rectangle 6 × 10')
    const figures = await ok<{ id: string; name: string; area: number }[]>('library.figures')
    expect(figures.find((f) => f.id === 'tangram-square')).toMatchObject({
      name: 'tangram square',
      area: 16,
    })
    expect(await refused('library.open', { id: 'nonesuch' })).toBe(
      'there is no bundled set "nonesuch"',
    )
    expect(await refused('library.open', { id: '../../etc/passwd' })).toMatch(
      /^library.open: bad parameters \(id: /,
    )
  })

  it('saves and opens documents inside the host folder only, remembering them as recent', async () => {
    const { document } = await ok<{ document: WorkbenchDocument }>('library.open', {
      id: 'tangram',
    })
    const saved = await ok<{ path: string }>('document.save', { path: 'mine.json', document })
    expect(saved.path).toBe(join(files, 'mine.json'))
    // Five kinds of tan, two of them twice: seven pieces.
    const file = JSON.parse(readFileSync(saved.path, 'utf8'))
    expect(file.pieces.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(7)
    const opened = await ok<{ document: WorkbenchDocument }>('document.open', {
      path: 'mine.json',
    })
    expect(opened.document.name).toBe(document.name)
    expect((await ok<{ recent: string[] }>('settings.get')).recent[0]).toBe(saved.path)
    expect(await refused('document.save', { path: '../outside.json', document })).toMatch(
      /outside the folder/,
    )
    expect(await refused('document.open', { path: 'missing.json' })).toMatch(/missing\.json/)
  })

  it('refuses documents larger than any set, before checking their polygons', async () => {
    // The figures, staircases of 9,998 vertices: 11 of them and the tangram's 17 vertices
    // pass 100,000.
    const stairs: [number, number][] = []
    for (let i = 0; i < 4998; i++) stairs.push([i, i], [i + 1, i])
    stairs.push([4998, 4998], [0, 4998])
    const { document } = await ok<{ document: WorkbenchDocument }>('library.open', {
      id: 'tangram',
    })
    const figures = Array.from({ length: 11 }, (_, i) => ({
      id: `s${i}`,
      name: `stairs ${i}`,
      polygon: stairs,
    }))
    const big = { ...document, figures }
    expect(await refused('document.save', { path: 'big.json', document: big })).toBe(
      'document.save: bad parameters (document: more than 100,000 vertices in all)',
    )
    writeFileSync(join(files, 'big.json'), JSON.stringify({ ...document, figures }))
    expect(await refused('document.open', { path: 'big.json' })).toBe(
      'big.json: 109,995 vertices in all; at most 100,000 are supported',
    )
  })

  it('refuses a set too large to search before rasterizing its pieces', async () => {
    // A staircase of 9,998 vertices covers 49,970,004 half-squares: rasterized, minutes of the
    // host's thread (a client's save held it 64 s with smaller pieces).
    const stairs: [number, number][] = []
    for (let i = 0; i < 4998; i++) stairs.push([i, i], [i + 1, i])
    stairs.push([4998, 4998], [0, 4998])
    const { document } = await ok<{ document: WorkbenchDocument }>('library.open', {
      id: 'tangram',
    })
    const pieces = [{ ...document.pieces[0], polygon: stairs }]
    const t0 = performance.now()
    expect(
      await refused('document.save', { path: 'huge.json', document: { ...document, pieces } }),
    ).toBe(
      'cannot save yet: the pieces cover 49,970,004 half-squares; the workbench searches at most 100,000',
    )
    expect(performance.now() - t0).toBeLessThan(10_000)
  })

  it('lists the bundled edge-matching puzzles, saves and opens one, prints it with a solution', async () => {
    const { puzzles } = await ok<{ puzzles: BundledPuzzle[] }>('puzzle.bundled')
    expect(puzzles.map((p) => p.id)).toEqual([
      'cards/hib-smiley',
      'triangle/puzzle0',
      'triangle/puzzle1',
      'triangle/puzzle2',
      'triangle/puzzle3',
    ])
    const hib = puzzles[0]
    expect(parseCards(hib.text, 'hib').cards).toHaveLength(9)
    await ok('puzzle.save', { path: 'mine.json', text: hib.text })
    await ok('puzzle.save', { path: 'tri.txt', text: puzzles[4].text })
    expect(await ok('puzzle.open', { path: 'mine.json' })).toMatchObject({
      kind: 'cards',
      text: hib.text,
    })
    expect(await ok('puzzle.open', { path: 'tri.txt' })).toMatchObject({ kind: 'triangle' })
    expect(await refused('puzzle.open', { path: 'missing.json' })).toBe(
      'missing.json: no such file',
    )
    expect(await refused('puzzle.open', { path: '../outside.json' })).toMatch(/outside/)

    const puzzle = parseCards(hib.text, 'hib')
    const board = firstSolution(puzzle)!.map((p) => [p.card, p.turns])
    const { files: printed } = await ok<{ files: string[] }>('export.puzzle', {
      path: 'hib.pdf',
      kind: 'cards',
      text: hib.text,
      solution: board,
      title: 'HIB smiley cards',
    })
    expect(printed).toEqual([join(files, 'hib.pdf')])
    const text = execFileSync('pdftotext', ['-raw', printed[0], '-'], { encoding: 'utf8' })
    expect(text).toContain('HIB smiley cards: a solution')
    // A board that is not a solution is never printed.
    const [a, b, ...rest] = board
    expect(
      await refused('export.puzzle', {
        path: 'wrong.pdf',
        kind: 'cards',
        text: hib.text,
        solution: [b, a, ...rest],
        title: 'wrong',
      }),
    ).toMatch(/^the board to print is not a solution: /)
    expect(
      await refused('export.puzzle', {
        path: 'tri.svg',
        kind: 'triangle',
        text: '3\n9\n1 2\n',
        title: 'broken',
      }),
    ).toMatch(/^broken, line 3: expected three numbers/)
  })

  it('lists the published numbers with what each counts', async () => {
    const rows = await ok<{ id: string; published: string; computable: boolean }[]>('papers.list')
    expect(rows.find((r) => r.id === 'laeuchli-outlines-16')).toMatchObject({
      published: '20',
      computable: true,
    })
  })

  it('exports what a job found as a solutions file that stands on its own', async () => {
    const { document } = await ok<{ document: WorkbenchDocument }>('library.open', {
      id: 'tangram',
    })
    const { runId: jobId } = await ok<{ runId: string }>('run.start', {
      kind: 'solve',
      params: { document, kind: 'convex', mode: 'reduce', list: true },
    })
    expect(await refused('export.solutions', { jobId, path: 'early.json' })).toMatch(
      /still running/,
    )
    await expect
      .poll(() => events.some((e) => e.type === 'run.ended' && e.runId === jobId), {
        timeout: 30_000,
      })
      .toBe(true)
    const r = await ok<{ path: string; tilings: number }>('export.solutions', {
      jobId,
      path: 'tangram-tilings.json',
    })
    expect(r).toEqual({ path: join(files, 'tangram-tilings.json'), tilings: 142 })
    // Re-read from the file alone: the set in it, the counts, and every tiling re-checked by the
    // independent verifier against the set's own polygons.
    const file = JSON.parse(readFileSync(r.path, 'utf8'))
    expect(file).toMatchObject({
      format: 'puzzle-workbench/solutions',
      version: 1,
      kind: 'convex',
      mode: 'reduce',
      complete: true,
    })
    const set = pieceSetFromJson(file.set, 'exported set')
    const pieces = set.pieces.map((p) => ({ name: p.name, polygon: p.polygon, count: p.count }))
    let solutions = 0
    for (const f of file.figures) {
      expect(f.tilings).toHaveLength(f.solutions)
      solutions += f.solutions
      for (const t of f.tilings) {
        const moves = t.pieces.map(
          (p: { piece: string; move: { symmetry: D4; dx: number; dy: number } }) => ({
            piece: pieces.findIndex((q) => q.name === p.piece),
            matrix: d4Matrix(p.move.symmetry),
            dx: p.move.dx,
            dy: p.move.dy,
          }),
        )
        expect(verifyTiling(f.polygon, pieces, moves)).toBeUndefined()
      }
    }
    expect(solutions).toBe(142)
    expect(await refused('export.solutions', { jobId: 'run-999', path: 'x.json' })).toMatch(
      /^no results of run run-999 are kept/,
    )
  })

  it('plots only into the host folder, onto listed ports and onto devices named to the host', async () => {
    const ended = events.filter((e) => e.type === 'run.ended' && e.kind === 'solve')
    const jobId = ended[ended.length - 1].runId
    const settings = { ...DEFAULT_EXPORT, format: 'hpgl' as const }
    const victim = join(outside, 'victim.txt')
    writeFileSync(victim, 'precious')
    const plot = (target: object) => refused('plotter.start', { jobId, settings, page: 0, target })
    const serial = { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1, flow: 'escb' }
    expect(await plot({ kind: 'device', path: victim })).toBe(
      `${victim}: not a serial port or plotter device of this computer; choose one from the list (the plot panel says how to add one)`,
    )
    expect(await plot({ kind: 'serial', path: victim, ...serial })).toMatch(
      /victim.txt: not a serial port or plotter device/,
    )
    expect(await plot({ kind: 'file', path: victim })).toMatch(/outside the folder/)
    // Named to the host (`--device`), yet a plain file: refused all the same.
    expect(await plot({ kind: 'device', path: namedDevice })).toBe(`${namedDevice}: no such device`)
    expect(readFileSync(victim, 'utf8')).toBe('precious')
    expect(readFileSync(namedDevice, 'utf8')).toBe('not a device')
    const { plotId } = await ok<{ plotId: string }>('plotter.start', {
      jobId,
      settings,
      page: 0,
      target: { kind: 'file', path: 'page1.hpgl' },
    })
    await expect
      .poll(() =>
        events.some((e) => e.type === 'plot.state' && e.plotId === plotId && e.state === 'done'),
      )
      .toBe(true)
    expect(readFileSync(join(files, 'page1.hpgl'), 'latin1')).toMatch(/^IN;/)
  })

  it('streams a job through the event channel until the listener leaves', async () => {
    const { document } = await ok<{ document: WorkbenchDocument }>('library.open', {
      id: 'tangram',
    })
    const { runId } = await ok<{ runId: string }>('run.start', {
      kind: 'solve',
      params: { document, kind: 'convex', mode: 'reduce', list: false },
    })
    await expect
      .poll(() => events.some((e) => e.type === 'run.ended' && e.runId === runId), {
        timeout: 30_000,
      })
      .toBe(true)
    const figures = events.flatMap((e) =>
      e.type === 'run.items' && e.kind === 'solve' && e.runId === runId
        ? e.items.filter((i) => 'done' in i)
        : [],
    )
    expect(figures).toHaveLength(20)
    off()
    const before = events.length
    workbench.emit({ type: 'menu', command: 'open' })
    expect(events).toHaveLength(before)
  })
})

describe('queens counts through the API', () => {
  const seen: WorkbenchEvent[] = []
  workbench.onEvent((e) => seen.push(e))
  const ended = (runId: string) =>
    seen.find(
      (e): e is Extract<RunEventOf<'queens'>, { type: 'run.ended' }> =>
        e.type === 'run.ended' && e.runId === runId,
    )
  const count = (n: number) => ok<{ runId: string }>('run.start', { kind: 'queens', params: { n } })

  it('counts on worker processes, with progress, and refuses a bad n', async () => {
    const { runId } = await count(10)
    await expect.poll(() => ended(runId), { timeout: 30_000 }).toBeDefined()
    expect(ended(runId)).toMatchObject({ outcome: 'done', result: { total: '724', unique: '92' } })
    const progress = seen.filter((e) => e.type === 'run.progress' && e.runId === runId)
    expect(progress.at(-1)).toMatchObject({ progress: { fraction: 1 } })
    expect(await refused('run.start', { kind: 'queens', params: { n: 28 } })).toMatch(
      /^run.start: bad parameters \(params.n: /,
    )
  })

  it('resumes a cancelled count from its checkpoint', async () => {
    // n = 16 (about a second on two cores): long enough that the cancel always comes in time.
    const first = await count(16)
    await expect
      .poll(() => seen.some((e) => e.type === 'run.progress' && e.runId === first.runId), {
        timeout: 30_000,
      })
      .toBe(true)
    await ok('run.cancel', { runId: first.runId })
    expect(ended(first.runId)?.outcome).toBe('cancelled')
    const second = await count(16)
    // The workers run at niceness 10: on a loaded machine n = 16 takes more than half a minute.
    await expect.poll(() => ended(second.runId), { timeout: 150_000 }).toBeDefined()
    const end = ended(second.runId)!
    expect(end).toMatchObject({ outcome: 'done', result: { total: '14772512', unique: '1846955' } })
    expect(end.result!.resumed).toBeGreaterThan(0)
    expect(end.result!.resumed).toBeLessThan(end.result!.tasks)
  }, 240_000)

  it('sets a damaged checkpoint aside, says so, and counts afresh next time', async () => {
    const checkpoint = join(data, 'queens', 'queens-9.json')
    writeFileSync(
      checkpoint,
      '{"format":"puzzle-workbench/checkpoint","version":3,"kind":"queens","plan":{"n":9}}',
    )
    const first = await count(9)
    await expect.poll(() => ended(first.runId), { timeout: 30_000 }).toBeDefined()
    expect(ended(first.runId)).toMatchObject({ outcome: 'failed' })
    expect(ended(first.runId)!.error).toMatch(
      /queens-9.json: not a valid queens checkpoint \(.*\)\. It is set aside as .*queens-9\.damaged\.json; count again to start from the beginning\.$/,
    )
    const second = await count(9)
    await expect.poll(() => ended(second.runId), { timeout: 30_000 }).toBeDefined()
    expect(ended(second.runId)).toMatchObject({
      outcome: 'done',
      result: { total: '352', resumed: 0 },
    })
  })
})
