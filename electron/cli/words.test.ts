import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli } from './run-cli'

/** The command line's words: counts in the number of their noun, names shown safely. */
const tmp = mkdtempSync(join(tmpdir(), 'pw-words-'))
const TRIANGLE = [
  [0, 0],
  [1, 0],
  [0, 1],
]
const setFile = (file: string, name: string, pieceName = 'a') => {
  const path = join(tmp, file)
  writeFileSync(path, JSON.stringify({ name, pieces: [{ name: pieceName, polygon: TRIANGLE }] }))
  return path
}
// Raw: ESC, CSI on its own (C1) and DEL, none of which may reach the terminal.
const RAW_CONTROL = /[^\P{Cc}\n]/u

describe('the command line’s words', () => {
  it('says "1 piece", "1 half-square", "1 convex outline", "1 tiling" for one', () => {
    const r = cli('convex', setFile('one.json', 'one'), '--jobs', '1', '--no-progress')
    expect(r.code).toBe(0)
    const lines = r.out.split('\n')
    expect(lines[0]).toBe('one: 1 piece, area 1 half-square, 1 convex outline')
    expect(r.out).toContain('1 of 1 outline can be built: 1 tiling (')
    expect(r.out).toContain('1 placement tried')
    const count = cli(
      'tile',
      setFile('one.json', 'one'),
      setFigure('triangle.json'),
      '--count',
      '--jobs',
      '1',
    )
    expect(count.out).toMatch(/^figure from one: 1 tiling \(/)
  })

  it('cuts a name of a megabyte to 80 characters in its error', () => {
    const r = cli('convex', setFile('big.json', 'big', 'x'.repeat(1_000_000)))
    expect(r.code).toBe(1)
    expect(r.err).toBe(
      `error: big.json: piece 1 "${'x'.repeat(79)}…": name must be at most 200 characters\n`,
    )
  })

  it('cuts a long argument where an error echoes it', () => {
    const long = join(tmp, 'y'.repeat(3000))
    const r = cli('convex', long)
    expect(r.code).toBe(1)
    expect(r.err.split('\n')).toHaveLength(2)
    // The argument is 3,000 characters; the line keeps 80 of it and the reason, however long.
    expect(r.err.length).toBeLessThan(400)
    expect(r.err).toMatch(/^error: .{79}…: /)
  })

  it('shows escape sequences in names escaped, on stdout and in errors', () => {
    const set = setFile('esc.json', 'red\x1b[31m set\x9b2J', 'p\x1b[2Jq')
    const r = cli('convex', set, '--list', '--jobs', '1', '--no-progress')
    expect(r.code).toBe(0)
    expect(r.out).not.toMatch(RAW_CONTROL)
    expect(r.out).toContain('red\\x1b[31m set\\u009b2J: 1 piece')
    expect(r.out).toContain('p\\x1b[2Jq: (')
    // In JSON the names stay the same names.
    const json = cli('convex', set, '--json', '--jobs', '1')
    expect(json.out).not.toMatch(RAW_CONTROL)
    expect(JSON.parse(json.out).set).toBe('red\x1b[31m set\x9b2J')
    // With the booklet on standard output, the words go to stderr: escaped there too.
    const beside = cli('puzzles', set, '--count', '1', '-o', '-')
    expect(beside.code).toBe(0)
    expect(beside.out).toMatch(/^%PDF-/)
    expect(beside.err).not.toMatch(RAW_CONTROL)
    expect(beside.err).toContain('1 figure the set builds by red\\x1b[31m set\\u009b2J')
    const missing = cli('convex', join(tmp, 'no\x1b]0;title\x07such.json'))
    expect(missing.err).toBe(
      `error: ${join(tmp, 'no\\x1b]0;title\\x07such.json')}: no such piece set file\n`,
    )
  })

  it('a checkpoint that cannot be written: the error alone, nothing on stdout', () => {
    const checkpoint = join(tmp, 'no-such-folder', 'c.json')
    const r = cli('convex', 'tangram', '--checkpoint', checkpoint, '--jobs', '1', '--no-progress')
    expect(r.code).toBe(1)
    expect(r.out).toBe('')
    expect(r.err).toBe(`error: ${checkpoint}: cannot write the checkpoint (no such folder)\n`)
  })
})

function setFigure(file: string): string {
  const path = join(tmp, file)
  writeFileSync(path, JSON.stringify({ format: 'puzzle-workbench/figure', polygon: TRIANGLE }))
  return path
}
