import type { Point } from '../lattice/polygon'
import { analyzeShape, congruenceKey, type Shape } from '../pieces/shape'
import type { WorkbenchDocument } from './document'

interface Mergeable {
  readonly name: string
  readonly polygon: readonly Point[]
  readonly count: number
  readonly min?: number
  readonly flip?: boolean
}

/**
 * Pieces of the same shape are the same piece: the counting convention never tells identical
 * pieces apart, whether the user drew a piece once with count 2 or drew it twice. Before a solve,
 * congruent pieces become one kind (the first one's name and colour) with their counts added.
 * `kinds` lists, per kind, the indices of the pieces it stands for; `shapes` its shape's key.
 * `analysed`: the pieces' shapes, when the caller has them (a shape is costly to analyse).
 */
export function mergeCongruentPieces<T extends Mergeable>(
  pieces: readonly T[],
  analysed?: readonly Shape[],
): { pieces: T[]; merged: string[][]; kinds: number[][]; shapes: string[] } {
  const groups = new Map<string, number[]>()
  pieces.forEach((p, i) => {
    const key = congruenceKey(analysed?.[i] ?? analyzeShape(p.polygon, p.flip !== false))
    groups.set(key, [...(groups.get(key) ?? []), i])
  })
  const kinds = [...groups.values()]
  return {
    pieces: kinds.map((g) => {
      const count = g.reduce((s, i) => s + pieces[i].count, 0)
      const min = g.reduce((s, i) => s + (pieces[i].min ?? pieces[i].count), 0)
      // The kind's range is its pieces' ranges added; a whole count when none has a range (then
      // the first piece has no min either, a min being kept only below its count).
      return { ...pieces[g[0]], count, ...(min < count ? { min } : {}) }
    }),
    merged: kinds.filter((g) => g.length > 1).map((g) => g.map((i) => pieces[i].name)),
    kinds,
    shapes: [...groups.keys()],
  }
}

/**
 * What a set asks the solver, whatever the pieces are called, coloured or drawn as: its kinds of
 * shape and how many of each. Two documents with the same key have the same tilings.
 */
export function solvedSetKey(m: ReturnType<typeof mergeCongruentPieces>): string {
  return m.shapes
    .map((shape, i) => {
      const { min, count } = m.pieces[i]
      return `${shape}×${min === undefined ? count : `${min}-${count}`}`
    })
    .sort()
    .join(' ')
}

/** Says which pieces count as one kind because they have the same shape (no final stop). */
export function sameShapeNotes(m: ReturnType<typeof mergeCongruentPieces>): string[] {
  const copies = m.kinds.flatMap((g, k) => (g.length > 1 ? [m.pieces[k].count] : []))
  return m.merged.map((names, j) => {
    const list = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
    return `${list} are the same shape: they count as one kind with ${copies[j]} copies, and swapping them makes no new tiling`
  })
}

/**
 * A document for solving (congruent pieces merged), and the way back to the pieces as drawn:
 * `apart` has every piece with its own name, colour and count, each in the polygon of its kind's
 * first piece, and `spread` hands a tiling's placements of a kind to its pieces in turn. Which
 * copy goes where is arbitrary, as the counts do not tell identical pieces apart; the drawing
 * shows each piece's name and colour, and the counts stay those of the merged set.
 */
export function mergeCongruent(
  doc: WorkbenchDocument,
  analysed?: readonly Shape[],
): {
  document: WorkbenchDocument
  merged: string[][]
  /** Per kind, the indices of the pieces it stands for. */
  kinds: number[][]
  /** `solvedSetKey`. */
  key: string
  apart: WorkbenchDocument
  spread<T extends { readonly piece: number }>(placed: readonly T[]): T[]
} {
  const m = mergeCongruentPieces(doc.pieces, analysed)
  const { pieces, merged, kinds } = m
  const polygon = new Map<number, readonly Point[]>()
  const slots = kinds.map((g) =>
    g.flatMap((i) => {
      polygon.set(i, doc.pieces[g[0]].polygon)
      return Array<number>(doc.pieces[i].count).fill(i)
    }),
  )
  return {
    document: { ...doc, pieces },
    merged,
    kinds,
    key: solvedSetKey(m),
    apart: { ...doc, pieces: doc.pieces.map((p, i) => ({ ...p, polygon: polygon.get(i)! })) },
    spread<T extends { readonly piece: number }>(placed: readonly T[]): T[] {
      const used = kinds.map(() => 0)
      return placed.map((p) => {
        const s = slots[p.piece]
        return { ...p, piece: s[Math.min(used[p.piece]++, s.length - 1)] }
      })
    },
  }
}
