import { readFileSync } from 'node:fs'
import { pieceSetFromJson } from '../shared/formats/load'
import type { Piece } from '../shared/formats/load'
import type { WorkbenchDocument } from '../shared/document/document'
import { solvableSet, type SetWire } from '../shared/pieces/solvable'

/** A set as the farm's runs take it: its name, its pieces (congruent ones merged), its wire. */
export interface FarmSet {
  readonly name: string
  readonly pieces: readonly Piece[]
  readonly wire: SetWire
}

const farmSet = (json: unknown, file: string): FarmSet => {
  const { name, pieces, wire } = solvableSet(pieceSetFromJson(json, file))
  return { name, pieces, wire }
}

/** A bundled set (resources/sets), as a run of the task farm takes it. */
export function bundledSet(name: string): FarmSet {
  return farmSet(JSON.parse(readFileSync(`resources/sets/${name}.json`, 'utf8')), `${name}.json`)
}

/** The tangram with its square cut into two small triangles: the same area, other figures. */
export function cutTangram(): FarmSet {
  return farmSet(cutTangramJson(), 'cut.json')
}

/** The same cut as a set file's JSON. */
export function cutTangramJson(): object {
  const tangram = JSON.parse(readFileSync('resources/sets/tangram.json', 'utf8')) as {
    pieces: { name: string; count?: number }[]
  }
  return {
    ...tangram,
    name: 'Cut',
    pieces: tangram.pieces
      .filter((p) => p.name !== 'square')
      .map((p) => (p.name === 'small triangle' ? { ...p, count: 4 } : p)),
  }
}

/** The same cut as a document, from the tangram's (as `library.open` gives it). */
export function cutTangramDocument(tangram: WorkbenchDocument): WorkbenchDocument {
  return {
    ...tangram,
    name: 'Cut tangram',
    pieces: tangram.pieces
      .filter((p) => p.name !== 'square')
      .map((p) => (p.name.startsWith('small triangle') ? { ...p, count: 2 * p.count } : p)),
  }
}
