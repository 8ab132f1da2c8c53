import type { WorkbenchDocument } from '../../shared/document/document'
import type { Piece } from '../../shared/formats/load'
import { solvableDocument, type SetWire } from '../../shared/pieces/solvable'

/**
 * A document's pieces as the searches run in the host take them: congruent pieces merged into
 * one (as every count here does), each analysed, with the merged document their tilings index;
 * or a one-line error naming the set and the piece. The figures drawn for the set play no part.
 */
export function solvablePieces(document: WorkbenchDocument): {
  name: string
  merged: WorkbenchDocument
  pieces: readonly Piece[]
  /** The pieces as a run's workers take them. */
  wire: SetWire
} {
  const set = solvableDocument(document)
  return { name: set.name, merged: set.document, pieces: set.pieces, wire: set.wire }
}
