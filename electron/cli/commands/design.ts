import type { DesignResult } from '../../../shared/design/explore'
import { designJson } from '../../../shared/design/json'
import { LIMITS } from '../../../shared/limits'
import { plural } from '../../../shared/plural'
import { runDesign, type DesignRunProgress } from '../../services/design/design-run'
import { formatDuration } from '../../../shared/tiling/estimate'
import { loadOutlineFigure, wholeOption } from '../inputs'
import { statusBar } from '../progress'
import { withBar, withRunPlace } from '../run'
import { table } from '../table'

export interface DesignOptions {
  area: string
  pieces: string
  top: string
  maxPieceArea?: string
  from?: string
  jobs?: string
  queue?: string
  json?: boolean
  progress?: boolean
}

/** The bar of an exploration: the phase, then the sets searched, the best so far, the time left. */
const designBar = (enabled: boolean) =>
  statusBar(
    enabled,
    '{bar} {what} | {searched} sets searched | best {best} | {left} left',
    (p: DesignRunProgress) => ({
      fraction: p.fraction,
      elapsedMs: p.elapsedMs,
      fields: {
        what:
          p.phase === 'outlines'
            ? 'making the outlines ready'
            : p.phase === 'pieces'
              ? `growing pieces of ${p.size} half-squares`
              : `${p.units?.done ?? 0}/${p.units?.of ?? 0} units`,
        searched: p.searched.toLocaleString('en'),
        best: p.best === undefined ? '–' : `${p.best} outlines`,
        left: p.etaSeconds === undefined ? '…' : formatDuration(p.etaSeconds),
      },
    }),
  )

/**
 * `design --area F --pieces K`: every set of K polyaboloes of total area F, ranked by the convex
 * outlines it makes (the set explorer, shared/design). The pieces are grown here, the sets
 * searched on --jobs worker processes or the machines serving --queue (electron/services/design); Ctrl-C stops it at once and
 * prints the best sets found so far.
 */
export async function designCommand(
  o: DesignOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  const from = o.from === undefined ? undefined : loadOutlineFigure(o.from, '--from')
  const request = {
    area: wholeOption('--area', o.area, 1, LIMITS.maxOutlineArea),
    pieces: wholeOption('--pieces', o.pieces, 1, LIMITS.maxOutlineArea),
    top: wholeOption('--top', o.top, 1, Number.MAX_SAFE_INTEGER),
    maxPieceArea:
      o.maxPieceArea === undefined
        ? undefined
        : wholeOption('--max-piece-area', o.maxPieceArea, 1, LIMITS.maxOutlineArea),
    from: from && { name: from.name, polygon: from.polygon },
  }
  const t0 = Date.now()
  const { result, where } = await withRunPlace(o, async ({ transport, where }) => ({
    where,
    result: await withBar(designBar(o.progress !== false), (hooks) =>
      runDesign({ request, transport, signal, ...hooks }),
    ),
  }))
  write(o.json ? JSON.stringify(designJson(result)) : designText(result, Date.now() - t0, where))
  if (result.complete) return 0
  process.stderr.write('interrupted: the best sets found so far\n')
  return 130
}

function designText(r: DesignResult, elapsedMs: number, where: string): string {
  const { area, pieces, from } = r.request
  const s = r.stats
  if (r.outlines.length === 0) return 'Stopped while growing the candidate pieces: no set searched.'
  const heading = `Sets of ${plural(pieces, 'piece')} of area ${area}${from ? ` cut from ${from.name}` : ''} (${plural(r.outlines.length, 'convex outline')}), by the outlines they make, then their tilings:`
  const rows = r.sets.map((set, i) => [
    i + 1,
    set.outlines,
    set.tilings,
    set.kinds.map((k) => `${k.count} × ${k.candidate.name}`).join('; '),
  ])
  const pieceCount = s.candidates.reduce((a, b) => a + b, 0)
  const removed = BigInt(s.sets) - BigInt(s.searched)
  return [
    heading,
    r.sets.length > 0
      ? table(['#', 'outlines', 'tilings', 'pieces'], rows)
      : 'No set makes a convex outline.',
    '',
    `${s.sets.toLocaleString('en')} sets of ${plural(pieceCount, 'candidate piece')}; the bounds removed ${removed.toLocaleString('en')} without a search; ${s.searched.toLocaleString('en')} searched, ${s.dropped.toLocaleString('en')} of them dropped once they could not reach the best${from ? `, ${s.noDissection.toLocaleString('en')} cut no ${from.name}` : ''}; ${(elapsedMs / 1000).toFixed(1)} s on ${where}.`,
  ].join('\n')
}
