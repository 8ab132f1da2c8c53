/**
 * A solved board as ASCII art, drawn like the contest program's output. With at most 26 figures,
 * figure k is the letter k of the alphabet, upper case for k and lower case for −k (1: A, −1: a);
 * with more, the numbers themselves, and the triangles grow to fit them.
 *
 *            /-\
 *           /C b\
 *          /  c  \
 *         /-------\
 *        / \  C  / \
 *       /c B\b b/B b\
 *      /  b  \ /  D  \
 *     /---------------\
 */
import { cellIndex, sideValue, type Solution, type TrianglePuzzle } from './puzzle'

const LETTERS = 26

export function renderSolution(puzzle: TrianglePuzzle, solution: Solution): string {
  const { rows, pieces } = puzzle
  const label = (v: number) =>
    puzzle.figures <= LETTERS ? String.fromCharCode((v > 0 ? 64 : 96) + Math.abs(v)) : String(v)
  const w = Math.max(...pieces.flatMap((p) => p.map((v) => label(v).length)))
  const show = (cell: number, s: number) => label(sideValue(pieces, solution[cell], s))
  const centred = (text: string, width: number) => {
    const left = Math.floor((width - text.length) / 2)
    return ' '.repeat(left) + text + ' '.repeat(width - text.length - left)
  }
  // Interiors of a cell on line i of its row: up cells are 2i + 1 wide, down cells 4w − 2i + 1;
  // the side labels share line w, the bottom (up) and top (down) labels the widest line.
  const h = 2 * w + 2
  const upInside = (r: number, k: number, i: number): string => {
    const c = cellIndex(r, 2 * k)
    if (i === w) return show(c, 0).padEnd(w) + ' ' + show(c, 1).padStart(w)
    if (i === 2 * w) return centred(show(c, 2), 4 * w + 1)
    return (r === 0 && i === 0 ? '-' : ' ').repeat(2 * i + 1)
  }
  const downInside = (r: number, k: number, i: number): string => {
    const c = cellIndex(r, 2 * k + 1)
    if (i === 0) return centred(show(c, 0), 4 * w + 1)
    if (i === w) return show(c, 2).padEnd(w) + ' ' + show(c, 1).padStart(w)
    return ' '.repeat(4 * w - 2 * i + 1)
  }
  const lines: string[] = []
  for (let r = 0; r < rows; r++) {
    const indent = h * (rows - 1 - r)
    for (let i = 0; i < h - 1; i++) {
      let line = ' '.repeat(indent + h - 1 - i)
      for (let k = 0; k <= r; k++) {
        if (k > 0) line += downInside(r, k - 1, i)
        line += `/${upInside(r, k, i)}\\`
      }
      lines.push(line)
    }
    lines.push(`${' '.repeat(indent)}/${'-'.repeat(2 * h - 1 + 2 * h * r)}\\`)
  }
  return lines.join('\n')
}

/** What the labels of renderSolution stand for. */
export function renderLegend(figures: number): string {
  if (figures > LETTERS) return 'k and −k: the two halves of figure k'
  const last = String.fromCharCode(64 + figures)
  return figures === 1
    ? 'A: figure 1, a: its other half (−1)'
    : `A … ${last}: figures 1 … ${figures}, a … ${last.toLowerCase()}: their other halves (−1 … −${figures})`
}
