/**
 * The contest's file format: line 1 the number of figure kinds m, line 2 the number of pieces,
 * then one line per piece with its three numbers (k or −k, 1 ≤ k ≤ m), read clockwise. Numbers on
 * a line are separated by spaces or tabs; a byte-order mark, Windows line ends and blank lines at
 * the very end are accepted, anything else out of place is an error naming its line.
 */
import { InputError } from '../../errors'
import { inputText } from '../../formats/text'
import { rowsFor, type Piece, type TrianglePuzzle } from './puzzle'

export function parseTrianglePuzzle(file: string, source: string): TrianglePuzzle {
  const lines = inputText(file, source)
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop()
  const fail = (line: number, problem: string) =>
    new InputError(`${source}, line ${line}: ${problem}`)
  if (lines.length === 0)
    throw new InputError(`${source}: the file is empty; line 1 should give the number of figures`)

  const single = (line: number, what: string): number => {
    if (line > lines.length) throw fail(line, `missing; it should give ${what}`)
    const words = wordsOf(lines[line - 1])
    if (words.length !== 1) throw fail(line, `expected one number (${what}), found ${found(words)}`)
    const v = wholeNumber(words[0])
    if (v === undefined || v < 1)
      throw fail(line, `"${words[0]}" is not ${what} (a whole number from 1 up)`)
    return v
  }
  const figures = single(1, 'the number of figures')
  const count = single(2, 'the number of pieces')
  const rows = rowsFor(count)
  if (rows === undefined)
    throw fail(
      2,
      `${count} pieces cannot fill a triangle: a triangle of n rows takes n² pieces (1, 4, 9, 16, …)`,
    )

  const pieces: Piece[] = []
  for (let p = 0; p < count; p++) {
    const line = p + 3
    if (line > lines.length)
      throw fail(line, `missing; the file ends after ${p} of the ${count} pieces`)
    const words = wordsOf(lines[line - 1])
    if (words.length !== 3)
      throw fail(line, `expected three numbers (a piece's sides), found ${found(words)}`)
    const sides = words.map((w) => {
      const v = wholeNumber(w)
      if (v === undefined) throw fail(line, `"${w}" is not a whole number`)
      if (v === 0 || Math.abs(v) > figures)
        throw fail(
          line,
          `${v} is not a figure half: with ${figures} figure${figures === 1 ? '' : 's'} the sides are 1 … ${figures} and −1 … −${figures}`,
        )
      return v
    })
    pieces.push([sides[0], sides[1], sides[2]])
  }
  const extra = lines.findIndex((l, k) => k >= count + 2 && l.trim() !== '')
  if (extra >= 0) throw fail(extra + 1, `unexpected text after the last of the ${count} pieces`)
  return { figures, rows, pieces }
}

/** The puzzle in the contest's format (LF line ends, final newline). */
export function formatTrianglePuzzle(puzzle: TrianglePuzzle): string {
  const lines = [String(puzzle.figures), String(puzzle.pieces.length)]
  for (const p of puzzle.pieces) lines.push(p.join(' '))
  return `${lines.join('\n')}\n`
}

const wordsOf = (line: string): string[] => line.split(/[ \t]+/).filter((w) => w !== '')

function wholeNumber(word: string): number | undefined {
  if (!/^[+-]?\d+$/.test(word)) return undefined
  const v = Number(word)
  return Number.isSafeInteger(v) ? v : undefined
}

const found = (words: readonly string[]): string =>
  words.length === 0 ? 'an empty line' : `${words.length}: "${words.join(' ')}"`
