/**
 * A filled card board as text: each cell a box with the edges it shows on its four sides and, in
 * the middle, the card's number (from 1, in file order) and its quarter turns counter-clockwise.
 * A label reads figure/half ("rot/0"); a frame edge is the frame figure alone.
 *
 *   +---------------------+
 *   |       gruen/0       |
 *   | rot/1  #2↺1  gelb/0 |
 *   |       blau/1        |
 *   +---------------------+
 */
import { edgeAt, isFrameEdge, type CardBoard, type CardPuzzle, type Edge } from './puzzle'

const edgeText = (e: Edge): string => (isFrameEdge(e) ? String(e) : `${e[0]}/${e[1]}`)

export function renderBoard(puzzle: CardPuzzle, board: CardBoard): string {
  const { cols } = puzzle
  const boxes = board.map((p) => {
    const [north, west, south, east] = [0, 1, 2, 3].map((side) =>
      edgeText(edgeAt(puzzle.cards[p.card], p.turns, side)),
    )
    return { north, west, south, east, id: `#${p.card + 1}↺${p.turns}` }
  })
  const width = Math.max(
    ...boxes.map((b) =>
      Math.max(b.north.length, b.south.length, b.west.length + b.id.length + b.east.length + 2),
    ),
  )
  const centre = (s: string, w: number) => {
    const before = Math.floor((w - s.length) / 2)
    return ' '.repeat(before) + s + ' '.repeat(w - s.length - before)
  }
  const rule = '+' + `${'-'.repeat(width + 2)}+`.repeat(cols)
  const lines = [rule]
  for (let r = 0; r * cols < boxes.length; r++) {
    const row = boxes.slice(r * cols, (r + 1) * cols)
    const line = (f: (b: (typeof boxes)[number]) => string) =>
      '|' + row.map((b) => ` ${f(b)} |`).join('')
    lines.push(
      line((b) => centre(b.north, width)),
      line((b) => b.west + centre(b.id, width - b.west.length - b.east.length) + b.east),
      line((b) => centre(b.south, width)),
      rule,
    )
  }
  return lines.join('\n')
}
