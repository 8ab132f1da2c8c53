import { existsSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { InputError } from '../../shared/errors'
import {
  parseFigure,
  parseJson,
  outlineFigure,
  pieceSetFromJson,
  type Figure,
  type PieceSet,
  type RegionFigure,
} from '../../shared/formats/load'
import { solvableSet, type SolvableSet } from '../../shared/pieces/solvable'
import { readFileSyncChecked } from '../services/input-file'
import { projectRoot } from '../services/project-root'

export const RESOURCES = join(projectRoot(import.meta.url), 'resources')

export function bundledSets(): string[] {
  return readdirSync(join(RESOURCES, 'sets'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort()
}

/** A file's text for the parsers; errors name the file and say what is wrong in one line. */
export const readInput = (path: string, what: string): string =>
  readFileSyncChecked(path, { what: `${what} file` })

/** A piece set from a file, or a bundled set by name ("tangram", "pentominoes", …). */
export function loadPieceSet(arg: string): { set: PieceSet; json: unknown; source: string } {
  const { json, source } = readPieceSetJson(arg)
  return { set: pieceSetFromJson(json, source), json, source }
}

/** The JSON of a piece set file, or of a bundled set by name; not yet checked as a set. */
export function readPieceSetJson(arg: string): { json: unknown; source: string } {
  let path = arg
  if (!existsSync(arg) && /^[a-z0-9-]+$/i.test(arg)) {
    const bundled = join(RESOURCES, 'sets', `${arg.toLowerCase()}.json`)
    if (existsSync(bundled)) path = bundled
    else
      throw new InputError(
        `${arg}: no such file, and no bundled set of that name (bundled: ${bundledSets().join(', ')})`,
      )
  }
  const source = basename(path)
  return { json: parseJson(readInput(path, 'piece set'), source), source }
}

/**
 * A piece set ready to solve (`SolvableSet`): pieces of the same shape merged into one with their
 * counts added (the counting convention never tells identical pieces apart), and the names merged.
 */
export function loadSolvableSet(arg: string): {
  set: SolvableSet
  merged: readonly string[][]
} {
  const set = solvableSet(loadPieceSet(arg).set)
  return { set, merged: set.merged }
}

/** A whole-number option from lo to hi, or an InputError naming it and what was given. */
export function wholeOption(name: string, v: string | undefined, lo: number, hi: number): number {
  const n = Number(v)
  if (v === undefined || v.trim() === '' || !Number.isInteger(n) || n < lo || n > hi)
    throw new InputError(`${name} must be a whole number from ${lo} to ${hi}, not "${v}"`)
  return n
}

/** A figure file, or a bundled figure by name: one outline or a region. */
export function loadFigure(arg: string): RegionFigure {
  const path = figurePath(arg)
  return parseFigure(readInput(path, 'figure'), basename(path))
}

/** A figure argument's file: the path given, or the bundled figure of that name. */
export function figurePath(arg: string): string {
  if (!existsSync(arg) && /^[a-z0-9-]+$/i.test(arg)) {
    const bundled = join(RESOURCES, 'figures', `${arg.toLowerCase()}.json`)
    if (existsSync(bundled)) return bundled
  }
  return arg
}

/** A figure of one outline, for what draws or grows only those (`what`: "--from"). */
export function loadOutlineFigure(arg: string, what: string): Figure {
  return outlineFigure(loadFigure(arg), basename(arg), what)
}
