import { readFileSync } from 'node:fs'
import { solveJob } from '../electron/services/solve-job'
import { documentFromJson } from '../shared/document/document'
import { solvableDocument } from '../shared/pieces/solvable'
import type { SolvedJob } from '../shared/formats/solutions'

/** The bundled tangram's every convex figure, solved in this process: 142 tilings to draw. */
export async function solvedTangram(): Promise<SolvedJob> {
  const doc = documentFromJson(
    JSON.parse(readFileSync('resources/sets/tangram.json', 'utf8')),
    'tangram.json',
  )
  return (await solveJob(solvableDocument(doc), { kind: 'convex', mode: 'reduce', workers: 1 })).job
}
