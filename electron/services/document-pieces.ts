import {
  documentProblems,
  documentToJson,
  setSizeProblem,
  type WorkbenchDocument,
} from '../../shared/document/document'
import { mergeCongruent } from '../../shared/document/merge'
import { InputError } from '../../shared/errors'
import { pieceSetFromJson, type Piece } from '../../shared/formats/load'

/**
 * A document's pieces as the searches run in the host take them: congruent pieces merged into
 * one (as every count here does), each analysed, with the merged document their tilings index;
 * or a one-line error naming the set and the piece. The figures drawn for the set play no part.
 */
export function solvablePieces(document: WorkbenchDocument): {
  name: string
  merged: WorkbenchDocument
  pieces: readonly Piece[]
} {
  const name = document.name.trim() || 'Untitled'
  const problems = documentProblems(document)
  for (const p of document.pieces) {
    const problem = problems.get(p.id)
    if (problem) throw new InputError(`${name}: piece "${p.name}": ${problem}`)
  }
  if (document.pieces.length === 0) throw new InputError(`${name}: the set has no pieces yet`)
  const tooMuch = setSizeProblem(document.pieces)
  if (tooMuch) throw new InputError(`${name}: ${tooMuch}`)
  const merged = { ...mergeCongruent(document).document, name, figures: [] }
  const { pieces } = pieceSetFromJson(documentToJson(merged), name)
  return { name, merged, pieces }
}
