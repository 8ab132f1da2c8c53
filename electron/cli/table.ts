/** Plain text columns: numbers right-aligned, text left-aligned. */
export function table(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const cells = [header, ...rows.map((r) => r.map(String))]
  const numeric = header.map((_, c) =>
    // A range ("0–12") is a number too.
    rows.every((r) => typeof r[c] === 'number' || /^(\d+–\d+|–|)$/.test(String(r[c]))),
  )
  const width = header.map((_, c) => Math.max(...cells.map((r) => r[c]?.length ?? 0)))
  return cells
    .map((r) =>
      r
        .map((v, c) => (numeric[c] ? v.padStart(width[c]) : v.padEnd(width[c])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
