import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  devNullIsDevice,
  releaseReaders,
  restoreDevNull,
  specialInputs,
} from '../../testing/special-files'
import { CLI } from './run-cli'

// Issue 28, S2 and S3: the CLI given a device or a pipe, to read or to write.
const tmp = mkdtempSync(join(tmpdir(), 'pw-cli-devices-'))
const inputs = specialInputs(tmp)
const fifo = join(tmp, 'pipe.json')
afterAll(() => {
  releaseReaders(fifo)
  restoreDevNull()
  // Later pages beside a device, by code that took it for a file.
  if (process.getuid?.() === 0) rmSync('/dev/null-2', { force: true })
  rmSync(tmp, { recursive: true, force: true })
})

/** The CLI in its own process, run from `cwd`; a hang ends in a kill after 30 s. */
function run(
  args: string[],
  cwd = tmp,
): Promise<{ code: number | null; out: Buffer; err: string }> {
  const child = spawn(process.execPath, [CLI[0], resolve(CLI[1]), ...args], { cwd })
  const out: Buffer[] = []
  let err = ''
  child.stdout.on('data', (d: Buffer) => out.push(d))
  child.stderr.on('data', (d: Buffer) => (err += d.toString()))
  const timer = setTimeout(() => {
    child.kill('SIGKILL')
    // A reader stuck in opening the pipe would otherwise keep it for the next command.
    releaseReaders(fifo)
  }, 30_000)
  return new Promise((done) =>
    child.on('close', (code) => {
      clearTimeout(timer)
      done({ code, out: Buffer.concat(out), err })
    }),
  )
}

const out = join(tmp, 'out.svg')
/** Every command that reads a file, with the file given as P, and what the file should be. */
const readers: [string, (p: string) => string[], string][] = [
  ['tile (the set)', (p) => ['tile', p, 'tangram-square'], 'a piece set file'],
  ['tile (the figure)', (p) => ['tile', 'tangram', p], 'a figure file'],
  ['convex', (p) => ['convex', p], 'a piece set file'],
  ['convex --checkpoint', (p) => ['convex', 'tangram', '--checkpoint', p], 'a checkpoint file'],
  ['export', (p) => ['export', p, '-o', out], 'a piece set file'],
  ['export --figure', (p) => ['export', 'tangram', '--figure', p, '-o', out], 'a figure file'],
  ['cards', (p) => ['cards', p], 'a card file'],
  ['triangle', (p) => ['triangle', p], 'a puzzle file'],
  ['pentagons', (p) => ['pentagons', p], 'a piece set file'],
  ['puzzles', (p) => ['puzzles', p], 'a piece set file'],
  [
    'design --from',
    (p) => ['design', '--area', '8', '--pieces', '2', '--from', p],
    'a figure file',
  ],
  [
    'queens count --checkpoint',
    (p) => ['queens', 'count', '8', '--checkpoint', p],
    'a checkpoint file',
  ],
  ['queens merge', (p) => ['queens', 'merge', p], 'a checkpoint file'],
  ['plot', (p) => ['plot', p, '--device', '/dev/null'], 'an HPGL file'],
]

describe('the command line given a device or a pipe', () => {
  // Each command once, the inputs taken in turn, so that every kind of input meets several.
  it.concurrent.each(
    readers.map(([name, args, what], i) => ({ name, args, what, ...inputs[i % inputs.length] })),
  )('$name refuses $path at once, in one line', async ({ args, what, path, is }) => {
    const r = await run(args(path))
    expect(r.err).toBe(`error: ${path}: ${is}, not ${what}\n`)
    expect(r.code).toBe(1)
  })

  it('export -o /dev/null writes into it, every page, and leaves it a device', async () => {
    for (const format of ['svg', 'hpgl']) {
      const r = await run(['export', 'tangram', '--format', format, '-o', '/dev/null'])
      expect(r.err).toBe('')
      expect(r.code).toBe(0)
      expect(devNullIsDevice()).toBe(true)
    }
    expect(existsSync('/dev/null-2')).toBe(false)
  })

  it('generate -o /dev/null writes into it and leaves it a device', async () => {
    const r = await run(['generate', 'cards', '-o', '/dev/null', '--no-progress'])
    expect(r.code).toBe(0)
    expect(r.out.toString()).toMatch(/^wrote \/dev\/null: /)
    expect(devNullIsDevice()).toBe(true)
  })

  it('generate -o - prints the puzzle on standard output, its words on stderr', async () => {
    const cwd = mkdtempSync(join(tmp, 'generate-'))
    const r = await run(['generate', 'cards', '-o', '-', '--no-progress'], cwd)
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out.toString())).toMatchObject({
      format: 'puzzle-workbench/cards',
      rows: 3,
    })
    expect(r.err).toMatch(/^wrote standard output: Cards 3 × 3/)
    expect(readdirSync(cwd)).toEqual([])
  })

  it('export -o - prints a PDF on standard output when that is no terminal', async () => {
    const r = await run([
      'export',
      'tangram',
      '--figure',
      'tangram-square',
      '--format',
      'pdf',
      '-o',
      '-',
    ])
    expect(r.code).toBe(0)
    expect(r.out.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('puzzles -o - prints the booklet, a PDF, on standard output, the list on stderr', async () => {
    const cwd = mkdtempSync(join(tmp, 'puzzles-'))
    const r = await run(['puzzles', 'tangram', '--count', '1', '-o', '-', '--no-progress'], cwd)
    expect(r.code).toBe(0)
    expect(r.out.subarray(0, 5).toString()).toBe('%PDF-')
    expect(r.out.subarray(-6).toString()).toBe('%%EOF\n')
    expect(r.err).toMatch(/^1 figure the set builds by Tangram/)
    expect(readdirSync(cwd)).toEqual([])
  })
})
