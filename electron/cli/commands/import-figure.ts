import { basename } from 'node:path'
import { formatRoot2 } from '../../../shared/exact/root2'
import { InputError } from '../../../shared/errors'
import { formatJson } from '../../../shared/formats/load'
import {
  DEFAULT_TOLERANCE,
  exactText,
  importedFigureJson,
  importSvgFigure,
  snapSummary,
} from '../../../shared/svg-import/import-figure'
import { saveFile } from '../../services/atomic-write'
import { loadPieceSet, readInput } from '../inputs'
import { isStdout, toStdout, wordsBeside } from '../output'

export interface ImportFigureOptions {
  set: string
  output: string
  tolerance?: string
  json?: boolean
}

/**
 * `import-figure FILE.svg --set SET -o FIG.json`: a silhouette drawn in SVG as an exact figure of
 * the set, saying what was snapped; a drawing of the set's pieces (ids naming them) also gives
 * its tiling back, checked.
 */
export async function importFigureCommand(
  file: string,
  o: ImportFigureOptions,
  write: (text: string) => void,
): Promise<number> {
  const tolerance = o.tolerance === undefined ? DEFAULT_TOLERANCE : Number(o.tolerance)
  if (!(tolerance > 0 && tolerance < 0.5))
    throw new InputError(
      `--tolerance must be a fraction of the unit between 0 and 0.5, not "${o.tolerance}"`,
    )
  const { set } = loadPieceSet(o.set)
  const source = basename(file)
  const figure = importSvgFigure(readInput(file, 'SVG'), source, set, tolerance)
  const text = formatJson(importedFigureJson(figure))
  if (isStdout(o.output)) await toStdout(text)
  else await saveFile(o.output, text)
  const say = wordsBeside(o.output, write)
  const tiling = figure.tiling?.map((p) => ({
    piece: p.piece,
    corners: p.corners.map(([x, y]) => [exactText(x), exactText(y)]),
  }))
  if (o.json) {
    const r = figure.report
    say(
      JSON.stringify({
        file: o.output,
        parts: figure.parts.length,
        holes: figure.parts.reduce((s, p) => s + p.holes.length, 0),
        unit: r.unit,
        edges: r.edges,
        largestCorrection: r.largest * r.unit,
        largestCorrectionOfUnit: r.largest,
        largestTurnDegrees: r.largestTurn,
        tolerance: r.tolerance,
        placedFreely: r.placedFreely,
        ...(tiling ? { tiling } : {}),
      }),
    )
    return 0
  }
  const where = isStdout(o.output) ? 'standard output' : o.output
  say(`${source}: ${snapSummary(figure)}`)
  say(
    `wrote ${where}: ${figure.parts.length === 1 ? 'one outline' : `${figure.parts.length} parts`}` +
      `${figure.parts.some((p) => p.holes.length) ? ' with holes' : ''} of ${set.name}'s area`,
  )
  if (tiling) {
    say(`the drawing is a tiling of ${set.name} (checked exactly); its pieces as placed:`)
    for (const p of figure.tiling!)
      say(
        `  ${p.piece}: ${p.corners.map(([x, y]) => `(${formatRoot2(x, true)}, ${formatRoot2(y, true)})`).join(' ')}`,
      )
  }
  return 0
}
