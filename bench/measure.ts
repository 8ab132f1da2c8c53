import { readFileSync } from 'node:fs'
import { parseJson, pieceSetFromJson } from '../shared/formats/load'
import { solvableSet, type SetWire } from '../shared/pieces/solvable'
import type { PieceKind } from '../shared/tiling/problem'

/** What every benchmark reports, and the helpers they share. */
export interface Result {
  name: string
  target: string
  medianMs: number
  runs: number
  detail: string
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** Fails the benchmark when a count is wrong: a fast wrong answer must not pass. */
export function check(what: string, got: unknown, want: unknown): void {
  // Counts may be BigInt, which JSON.stringify refuses.
  const show = (v: unknown) =>
    JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x))
  if (show(got) !== show(want)) throw new Error(`${what}: expected ${show(want)}, got ${show(got)}`)
}

/** A bundled set: as a run's workers take it, and its kinds of piece. */
export function loadSet(name: string): { wire: SetWire; pieces: readonly PieceKind[] } {
  const json = parseJson(readFileSync(`resources/sets/${name}.json`, 'utf8'), name)
  const set = solvableSet(pieceSetFromJson(json, name))
  return { wire: set.wire, pieces: set.pieces }
}
