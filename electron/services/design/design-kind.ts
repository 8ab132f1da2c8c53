import { designJson } from '../../../shared/design/json'
import { checkDesignRequest, inAppWords } from '../../../shared/design/request'
import { InputError } from '../../../shared/errors'
import type { HostRunKind } from '../run/run-kind'
import { runDesign } from './design-run'

/**
 * The app's set explorer (issue 14) as a run kind (`design`). An impossible request is refused in
 * the start's reply, in the app's words (the explorer's messages name the command line's
 * options; the app's user sees fields). A cancelled run's result is the sets found so far, none
 * while the pieces were still grown.
 */
export const designKind: HostRunKind<'design'> = {
  check: (request) => {
    try {
      checkDesignRequest(request)
    } catch (e) {
      throw e instanceof InputError ? new InputError(inAppWords(e.message)) : e
    }
  },
  run: async (request, ctx) => {
    try {
      const result = await runDesign({
        request,
        transport: ctx.transport,
        signal: ctx.signal,
        onNotice: (line) => ctx.notice(inAppWords(line)),
        onProgress: ({ phase, size, fraction, searched, best, units, etaSeconds, elapsedMs }) =>
          ctx.progress({ phase, size, fraction, searched, best, units, etaSeconds, elapsedMs }),
        soFar: (found) =>
          ctx.soFar(() => {
            const r = found()
            return r.outlines.length > 0 ? designJson(r, { tilings: true }) : undefined
          }),
      })
      return result.complete ? designJson(result, { tilings: true }) : null
    } catch (e) {
      throw new Error(inAppWords((e as Error).message))
    }
  },
}
