import type { SolutionDrawing } from './solution'

/**
 * Line-printer output as in the paper's Figure 7: the outline in stars, the pieces' edges in X.
 * A printer character is about half as wide as a line is high, so a lattice unit takes twice as
 * many columns as lines; then a 45° edge advances two columns per line and prints as one
 * character per line, which is how Läuchli's printer drew the diagonals "in usable form".
 */
export interface LineprinterOptions {
  /** Lines per lattice unit (columns are twice that). */
  readonly lines?: number
}

export function lineprinterLines(d: SolutionDrawing, opts: LineprinterOptions = {}): string[] {
  const k = opts.lines ?? 3
  const b = d.bounds
  const outline = d.lines.filter((l) => l.kind === 'outline')
  const edges = d.lines.filter((l) => l.kind === 'edge')
  const cols = Math.round((b.maxX - b.minX) * 2 * k) + 1
  const rows = Math.round((b.maxY - b.minY) * k) + 1
  const grid = Array.from({ length: rows }, () => new Array<string>(cols).fill(' '))
  const plot = (lines: typeof d.lines, ch: string): void => {
    for (const l of lines) {
      for (let i = 1; i < l.points.length; i++) {
        const [c0, r0] = cell(l.points[i - 1])
        const [c1, r1] = cell(l.points[i])
        if (r0 === r1) {
          for (let c = Math.min(c0, c1); c <= Math.max(c0, c1); c++) set(r0, c, ch)
        } else {
          // Vertical or diagonal: one character per line.
          const n = Math.abs(r1 - r0)
          for (let s = 0; s <= n; s++) {
            set(r0 + Math.sign(r1 - r0) * s, Math.round(c0 + ((c1 - c0) * s) / n), ch)
          }
        }
      }
    }
  }
  const cell = (p: readonly [number, number]): [number, number] => [
    Math.round((p[0] - b.minX) * 2 * k),
    Math.round((b.maxY - p[1]) * k),
  ]
  const set = (r: number, c: number, ch: string): void => {
    // The outline wins where both meet.
    if (grid[r]?.[c] !== undefined && grid[r][c] !== '*') grid[r][c] = ch
  }
  plot(edges, 'X')
  plot(outline, '*')
  return grid.map((row) => row.join('').replace(/\s+$/, ''))
}

/**
 * Several drawings side by side, as a printer sheet pasted together in columns: each block is a
 * caption line and the drawing, blocks are set left to right and wrapped at `width` characters.
 */
export function lineprinterSheet(
  blocks: readonly { caption: string; drawing: SolutionDrawing }[],
  opts: LineprinterOptions & { width?: number } = {},
): string {
  const width = opts.width ?? 132
  const rendered = blocks.map((b) => {
    const lines = lineprinterLines(b.drawing, opts)
    const w = Math.max(b.caption.length, ...lines.map((l) => l.length))
    return { lines: [b.caption, '', ...lines], w }
  })
  const out: string[] = []
  let row: typeof rendered = []
  const flush = (): void => {
    if (row.length === 0) return
    const h = Math.max(...row.map((r) => r.lines.length))
    for (let i = 0; i < h; i++) {
      out.push(
        row
          .map((r) => (r.lines[i] ?? '').padEnd(r.w))
          .join('    ')
          .replace(/\s+$/, ''),
      )
    }
    out.push('')
    row = []
  }
  let used = 0
  for (const r of rendered) {
    if (row.length > 0 && used + 4 + r.w > width) {
      flush()
      used = 0
    }
    used += (row.length > 0 ? 4 : 0) + r.w
    row.push(r)
  }
  flush()
  return out.join('\n')
}
