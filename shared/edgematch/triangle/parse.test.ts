import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../errors'
import { seededRandom } from '../../random'
import { formatTrianglePuzzle, parseTrianglePuzzle } from './parse'
import { randomPuzzle } from './random'

const example = (k: number) =>
  readFileSync(`shared/edgematch/triangle/examples/puzzle${k}.txt`, 'utf8')

describe('the contest file format', () => {
  it.each([0, 1, 2, 3])('puzzle%i.txt: 3 rows of 9 pieces, written back byte for byte', (k) => {
    const text = example(k)
    const p = parseTrianglePuzzle(text, `puzzle${k}.txt`)
    expect(p.rows).toBe(3)
    expect(p.pieces).toHaveLength(9)
    expect(p.figures).toBe(Number(text.split('\n')[0]))
    expect(p.pieces[0].join(' ')).toBe(text.split('\n')[2])
    expect(formatTrianglePuzzle(p)).toBe(text)
  })

  it('reads what it writes, for random puzzles of 1 to 5 rows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 40 }),
        fc.nat(),
        (rows, figures, seed) => {
          const p = randomPuzzle(rows, figures, 'loose', seededRandom(seed))
          expect(parseTrianglePuzzle(formatTrianglePuzzle(p), 'x.txt')).toEqual(p)
        },
      ),
      { seed: 5, numRuns: 200 },
    )
  })

  it('reads past a byte-order mark, as editors on Windows write one', () => {
    expect(parseTrianglePuzzle('\uFEFF2\n1\n1 -2 2\n', 'x.txt')).toEqual({
      figures: 2,
      rows: 1,
      pieces: [[1, -2, 2]],
    })
  })

  it('accepts Windows line ends, tabs, a plus sign and blank lines at the end', () => {
    const p = parseTrianglePuzzle('2\r\n1\r\n+1\t-2  2\r\n\r\n  \n', 'x.txt')
    expect(p).toEqual({ figures: 2, rows: 1, pieces: [[1, -2, 2]] })
  })

  const four = '2\n4\n1 2 -1\n-2 1 1\n2 2 2\n-1 -1 -2\n'
  it.each([
    ['', 'x.txt: the file is empty; line 1 should give the number of figures'],
    [' \n\n', 'x.txt: the file is empty'],
    ['three\n', 'x.txt, line 1: "three" is not the number of figures (a whole number from 1 up)'],
    ['0\n4\n', 'x.txt, line 1: "0" is not the number of figures'],
    ['2 3\n4\n', 'x.txt, line 1: expected one number (the number of figures), found 2: "2 3"'],
    ['2\n', 'x.txt, line 2: missing; it should give the number of pieces'],
    [
      '2\n\n1 1 1\n',
      'x.txt, line 2: expected one number (the number of pieces), found an empty line',
    ],
    ['2\n4.0\n', 'x.txt, line 2: "4.0" is not the number of pieces'],
    ['2\n-4\n', 'x.txt, line 2: "-4" is not the number of pieces'],
    [
      '2\n8\n',
      'x.txt, line 2: 8 pieces cannot fill a triangle: a triangle of n rows takes n² pieces (1, 4, 9, 16, …)',
    ],
    ['2\n4\n1 2 -1\n-2 1 1\n', 'x.txt, line 5: missing; the file ends after 2 of the 4 pieces'],
    [
      '2\n4\n1 2 -1\n-2 1\n',
      `x.txt, line 4: expected three numbers (a piece's sides), found 2: "-2 1"`,
    ],
    ['2\n4\n1 2 -1 2\n', "x.txt, line 3: expected three numbers (a piece's sides), found 4"],
    ['2\n4\n1 2 -1\n\n2 2 2\n-1 -1 -2\n', 'x.txt, line 4: expected three numbers'],
    ['2\n4\n1 2 -1\n-2 x 1\n', 'x.txt, line 4: "x" is not a whole number'],
    ['2\n4\n1 2 -1\n-2 1e0 1\n', 'x.txt, line 4: "1e0" is not a whole number'],
    [
      '2\n4\n1 2 -1\n-2 0 1\n',
      'x.txt, line 4: 0 is not a figure half: with 2 figures the sides are 1 … 2 and −1 … −2',
    ],
    ['2\n4\n1 2 -1\n-2 3 1\n', 'x.txt, line 4: 3 is not a figure half'],
    ['1\n1\n1 -1 -2\n', 'x.txt, line 3: -2 is not a figure half: with 1 figure the sides'],
    [`${four}1 1 1\n`, 'x.txt, line 7: unexpected text after the last of the 4 pieces'],
    [`${four}\n\n1 1 1\n`, 'x.txt, line 9: unexpected text after the last of the 4 pieces'],
  ])('%j is refused: %s', (text, message) => {
    let error: unknown
    try {
      parseTrianglePuzzle(text, 'x.txt')
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(InputError)
    expect((error as Error).message).toContain(message)
  })

  it('the refusals are single sentences', () => {
    for (const text of ['2\n4\n1 2 -1\n-2 x 1\n', '2\n8\n', '']) {
      expect(() => parseTrianglePuzzle(text, 'x.txt')).toThrow(/^[^\n]*$/)
    }
  })
})
