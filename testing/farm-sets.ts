import { readFileSync } from 'node:fs'
import { mergeCongruentPieces } from '../shared/document/merge'
import { pieceSetFromJson, pieceSetToJson } from '../shared/formats/load'
import type { Piece } from '../shared/formats/load'

/** A set as the farm's runs take it: its name, its pieces (congruent ones merged), as file JSON. */
export interface FarmSet {
  readonly name: string
  readonly pieces: readonly Piece[]
  readonly json: unknown
}

/** A bundled set (resources/sets), as a run of the task farm takes it. */
export function bundledSet(name: string): FarmSet {
  const set = pieceSetFromJson(
    JSON.parse(readFileSync(`resources/sets/${name}.json`, 'utf8')),
    `${name}.json`,
  )
  const solvable = { ...set, pieces: mergeCongruentPieces(set.pieces).pieces }
  return { name: set.name, pieces: solvable.pieces, json: pieceSetToJson(solvable) }
}

/** The tangram with its square cut into two small triangles: the same area, other figures. */
export function cutTangram(): FarmSet {
  const tangram = bundledSet('tangram')
  const json = tangram.json as { name: string; pieces: { name: string; count: number }[] }
  const cut = {
    ...json,
    name: 'Cut',
    pieces: json.pieces
      .filter((p) => p.name !== 'square')
      .map((p) => (p.name === 'small triangle' ? { ...p, count: 4 } : p)),
  }
  return { name: 'Cut', pieces: pieceSetFromJson(cut).pieces, json: cut }
}
