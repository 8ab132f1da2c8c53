import { InputError } from '../errors'
import { areaInHalfSquares, type Point } from '../lattice/polygon'

/**
 * What the set explorer is asked: every multiset of `pieces` polyaboloes with total area `area`
 * (half-square triangles), each piece of at most `maxPieceArea`, optionally only those that are
 * dissections of the figure `from`; the best `top` of them by the convex outlines they make.
 */
export interface DesignRequest {
  readonly area: number
  readonly pieces: number
  readonly top: number
  readonly maxPieceArea?: number
  readonly from?: { readonly name: string; readonly polygon: readonly Point[] }
}

/** The request with its defaults filled in, or an InputError naming the option and the problem. */
export function checkDesignRequest(
  r: DesignRequest,
): Required<Omit<DesignRequest, 'from'>> & Pick<DesignRequest, 'from'> {
  const whole = (v: number) => Number.isSafeInteger(v) && v >= 1
  if (!whole(r.area))
    throw new InputError(
      `--area ${r.area}: no convex outline has that area (areas are whole numbers of half-square triangles, 1 or more)`,
    )
  if (!whole(r.pieces))
    throw new InputError(`--pieces must be a whole number, 1 or more, not ${r.pieces}`)
  if (r.pieces > r.area)
    throw new InputError(
      `--pieces ${r.pieces} is more than --area ${r.area}: every piece covers at least one half-square triangle`,
    )
  if (!whole(r.top)) throw new InputError(`--top must be a whole number, 1 or more, not ${r.top}`)
  const largest = r.area - r.pieces + 1
  const maxPieceArea = r.maxPieceArea ?? largest
  if (!whole(maxPieceArea))
    throw new InputError(`--max-piece-area must be a whole number, 1 or more, not ${maxPieceArea}`)
  if (maxPieceArea * r.pieces < r.area)
    throw new InputError(
      `--max-piece-area ${maxPieceArea}: ${r.pieces} pieces of at most ${maxPieceArea} half-squares cover at most ${maxPieceArea * r.pieces}, not ${r.area}`,
    )
  if (r.from) {
    const a = areaInHalfSquares(r.from.polygon)
    if (a !== r.area)
      throw new InputError(
        `--from ${r.from.name}: the figure covers ${a} half-square triangles, not --area ${r.area}`,
      )
  }
  return { ...r, maxPieceArea: Math.min(maxPieceArea, largest) }
}

/** The app's names for the command line's options: the Design view's fields. */
const APP_WORDS: Readonly<Record<string, string>> = {
  '--area': 'Area',
  '--pieces': 'Pieces',
  '--top': 'Best',
  '--max-piece-area': 'Largest piece',
  '--from': 'Cut from',
}

/** A message of the set explorer in the app's words: each option named by its field. */
export function inAppWords(message: string): string {
  return message.replace(/--[a-z-]+/g, (flag) => APP_WORDS[flag] ?? flag)
}
