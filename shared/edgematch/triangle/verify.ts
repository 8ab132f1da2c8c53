/**
 * An independent check of a solved triangle puzzle, sharing no code with the solver: it draws the
 * board itself (screen coordinates, y downwards, every small triangle 2 wide and 1 high), finds the
 * sides where two cells meet by their end points, and confirms that
 *  - there is one placement per cell, of a piece that exists, in one of its 3 turns,
 *  - every piece is used exactly once,
 *  - on every side two cells share, the halves are k and −k.
 * Cells are numbered row by row from the apex, left to right. A placement (piece, turn) puts the
 * piece's number turn on the side that starts at the cell's leftmost corner and runs clockwise, the
 * next number on the next side clockwise.
 */

type Corner = readonly [number, number]

/** Returns undefined if the board is solved, otherwise what is wrong. */
export function verifyTriangleSolution(
  rows: number,
  pieces: readonly (readonly number[])[],
  board: readonly { readonly piece: number; readonly turn: number }[],
): string | undefined {
  const cells: { row: number; corners: readonly Corner[] }[] = []
  for (let y = 0; y < rows; y++) {
    for (let x = -y; x <= y; x += 2) {
      // Apex (x, y): the cell pointing up, then the one pointing down to its right.
      cells.push({
        row: y,
        corners: [
          [x - 1, y + 1],
          [x, y],
          [x + 1, y + 1],
        ],
      })
      if (x < y)
        cells.push({
          row: y,
          corners: [
            [x, y],
            [x + 2, y],
            [x + 1, y + 1],
          ],
        })
    }
  }
  if (pieces.length !== cells.length)
    return `a triangle of ${rows} rows has ${cells.length} cells, but there are ${pieces.length} pieces`
  if (board.length !== cells.length)
    return `the board has ${board.length} placements for ${cells.length} cells`
  const uses = new Array<number>(pieces.length).fill(0)
  const halves = new Map<string, { value: number; cell: number }[]>()
  for (const [k, p] of board.entries()) {
    if (!Number.isInteger(p.piece) || p.piece < 0 || p.piece >= pieces.length)
      return `cell ${k} holds piece ${p.piece}, which does not exist`
    if (p.turn !== 0 && p.turn !== 1 && p.turn !== 2)
      return `cell ${k} turns its piece by ${p.turn}, not 0, 1 or 2`
    uses[p.piece]++
    const c = cells[k].corners
    for (let s = 0; s < 3; s++) {
      const a = c[s]
      const b = c[(s + 1) % 3]
      const key = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? `${a}|${b}` : `${b}|${a}`
      const list = halves.get(key) ?? []
      list.push({ value: pieces[p.piece][(s + p.turn) % 3], cell: k })
      halves.set(key, list)
    }
  }
  for (const [piece, n] of uses.entries())
    if (n !== 1) return `piece ${piece} is used ${n} times, not once`
  let shared = 0
  for (const [key, list] of halves) {
    if (list.length > 2) return `${list.length} cells share the side ${key}`
    if (list.length === 2) {
      shared++
      if (list[0].value + list[1].value !== 0 || list[0].value === 0)
        return `cells ${list[0].cell} and ${list[1].cell} meet with ${list[0].value} and ${list[1].value}, not k and −k`
    }
  }
  // Each cell pointing down shares all three sides: a check on the drawing itself.
  const expected = (3 * rows * (rows - 1)) / 2
  if (shared !== expected)
    return `the drawing has ${shared} shared sides, not ${expected}: the geometry is wrong`
  return undefined
}
