import type { HostRunKind } from './run/run-kind'
import { requestFigures, solvable } from './solver-service'
import { estimateTilings } from './tiling-job'

/**
 * The app's estimates (issue 13, point 3) as a run kind (`estimate`): a search's size and time
 * before any run, as information. A bad document is refused in the start's reply; its plan says
 * the figures as a job would list them and the workers of where it runs (the processes here, or
 * those serving the queue now). Each figure is ruled out or estimated in a worker and streamed
 * as an item, the running total as progress.
 */
export const estimateKind: HostRunKind<'estimate'> = {
  prepare: (request, transport) => {
    const set = solvable(request.document)
    const { figures, shown } = requestFigures(set, request.kind, request.figures)
    return {
      plan: { figures: shown, workers: transport.workers() },
      run: async (ctx) => {
        const e = await estimateTilings({
          set: set.wire,
          figures,
          mode: request.mode,
          transport,
          signal: ctx.signal,
          onProgress: (summary, fresh) => {
            for (const f of fresh) ctx.item(f)
            ctx.progress({ summary, fraction: summary.estimated / Math.max(1, summary.figures) })
          },
        })
        if (e.cancelled || ctx.signal.aborted) return null
        const { estimated, ruledOut, nodes, spread, seconds } = e
        return { estimated, figures: e.figures, ruledOut, nodes, spread, seconds }
      },
    }
  },
}
