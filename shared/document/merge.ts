import type { Point } from '../lattice/polygon'
import { analyzeShape, congruenceKey } from '../pieces/shape'
import type { WorkbenchDocument } from './document'

/**
 * Pieces of the same shape are the same piece: the counting convention never tells identical
 * pieces apart, whether the user drew a piece once with count 2 or drew it twice. Before a solve,
 * congruent pieces become one piece (the first one's name and colour) with their counts added.
 */
export function mergeCongruentPieces<
  T extends { readonly name: string; readonly polygon: readonly Point[]; readonly count: number },
>(pieces: readonly T[]): { pieces: T[]; merged: string[][] } {
  const groups = new Map<string, T[]>()
  for (const p of pieces) {
    const key = congruenceKey(analyzeShape(p.polygon))
    groups.set(key, [...(groups.get(key) ?? []), p])
  }
  const list = [...groups.values()]
  return {
    pieces: list.map((g) => ({ ...g[0], count: g.reduce((s, p) => s + p.count, 0) })),
    merged: list.filter((g) => g.length > 1).map((g) => g.map((p) => p.name)),
  }
}

export function mergeCongruent(doc: WorkbenchDocument): {
  document: WorkbenchDocument
  merged: string[][]
} {
  const { pieces, merged } = mergeCongruentPieces(doc.pieces)
  return { document: { ...doc, pieces }, merged }
}
