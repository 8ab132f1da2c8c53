/**
 * A sequence of rows as animation frames: the stones get ids in the first row and keep them, so
 * that the view can slide each stone from its cell to the next. Between two rows exactly two
 * adjacent stones move into two adjacent cells that were empty (the rule of the puzzle).
 */
export type Cell = { readonly id: number; readonly white: boolean } | null

export interface Frames {
  /** Per row of the sequence, its cells. */
  readonly cells: Cell[][]
  /** Per move (row k → k + 1): the ids of the two stones moved. */
  readonly moved: [number, number][]
}

export function sequenceFrames(rows: readonly string[]): Frames {
  let id = 0
  const first: Cell[] = [...rows[0]].map((c) => (c === '_' ? null : { id: id++, white: c === 'W' }))
  const cells: Cell[][] = [first]
  const moved: [number, number][] = []
  for (let k = 1; k < rows.length; k++) {
    const before = cells[k - 1]
    const next = rows[k]
    const from: number[] = []
    const to: number[] = []
    for (let i = 0; i < next.length; i++) {
      if (before[i] && next[i] === '_') from.push(i)
      else if (!before[i] && next[i] !== '_') to.push(i)
    }
    if (from.length !== 2 || to.length !== 2)
      throw new Error(`row ${k} is not one move from row ${k - 1}: ${rows[k - 1]} → ${next}`)
    const after = [...before]
    after[from[0]] = null
    after[from[1]] = null
    after[to[0]] = before[from[0]]
    after[to[1]] = before[from[1]]
    if (after.some((c, i) => (c ? (c.white ? 'W' : 'B') : '_') !== next[i]))
      throw new Error(`row ${k} does not keep the stones' order: ${rows[k - 1]} → ${next}`)
    cells.push(after)
    moved.push([before[from[0]]!.id, before[from[1]]!.id])
  }
  return { cells, moved }
}
