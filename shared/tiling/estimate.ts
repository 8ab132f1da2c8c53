/**
 * A tiling search's size before it runs, and the time it means (issue 13, point 3): Knuth's
 * estimate of the nodes, the speed of those nodes measured here (per process), and so the time
 * on this machine's processes and on the workers of a queue. Information, never a verdict: the
 * user then runs it here, on the queue, or not at all. The CLI, the host and the renderer all
 * reckon and word it here, so that they say the same.
 */
export interface EstimateSummary {
  /** Figures estimated so far (ruled out or not), of `figures`. */
  readonly estimated: number
  readonly figures: number
  /** Figures decided by a rule-out, with no search. */
  readonly ruledOut: number
  /** Knuth's estimate of the whole search's nodes (the figures estimated so far). */
  readonly nodes: number
  /** Seconds the whole search would take in one process here, once a speed was measured. */
  readonly seconds?: number
}

/** One figure's estimate: ruled out, or the search's nodes and how fast they go here. */
export interface FigureEstimate {
  readonly rejected?: string
  /** Knuth's estimate of the search's nodes. */
  readonly nodes: number
  /** Nodes a second in one process, measured by a short search here (absent for tiny ones). */
  readonly rate?: number
}

/**
 * The workers of a queue an estimate is reckoned on while no queue says how many it has: the
 * queue's own count is passed to `estimateTimes` instead, once there is one.
 */
export const QUEUE_WORKERS = 10

export interface EstimateTimes {
  /** Seconds on this machine's `hereWorkers` processes. */
  readonly here: number
  readonly hereWorkers: number
  /** Seconds on `queueWorkers` workers of a queue. */
  readonly queue: number
  readonly queueWorkers: number
}

/** The time a search of `seconds` in one process takes on N processes here and on a queue. */
export function estimateTimes(
  seconds: number,
  hereWorkers: number,
  queueWorkers = QUEUE_WORKERS,
): EstimateTimes {
  return {
    here: seconds / Math.max(1, hereWorkers),
    hereWorkers,
    queue: seconds / Math.max(1, queueWorkers),
    queueWorkers,
  }
}

const workers = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 'es'}`

/** "about 14 hours", or "under a second". */
export const aboutDuration = (seconds: number): string =>
  seconds < 1 ? 'under a second' : `about ${formatDuration(seconds)}`

/** "about 14 hours here (2 processes), about 84 minutes on 10 workers of the queue". */
export function timesText(t: EstimateTimes): string {
  return (
    `${aboutDuration(t.here)} here (${workers(t.hereWorkers, 'process')}), ` +
    `${aboutDuration(t.queue)} on ${t.queueWorkers} worker${t.queueWorkers === 1 ? '' : 's'} of the queue`
  )
}

/**
 * The estimate in one line: "about 2.0 trillion nodes in 1,234 outlines to search (800 ruled out):
 * about 14 hours here (2 processes), about 84 minutes on 10 workers of the queue".
 */
export function estimateText(
  e: EstimateSummary,
  hereWorkers: number,
  queueWorkers = QUEUE_WORKERS,
  what: readonly [string, string] = ['figure', 'figures'],
): string {
  const left = e.estimated - e.ruledOut
  const partial =
    e.estimated < e.figures ? ` so far (${e.estimated} of ${e.figures} estimated)` : ''
  const size =
    `about ${formatCount(e.nodes)} nodes in ${left} ${left === 1 ? what[0] : what[1]} to search` +
    `${e.ruledOut > 0 ? ` (${e.ruledOut} ruled out)` : ''}${partial}`
  return e.seconds === undefined
    ? size
    : `${size}: ${timesText(estimateTimes(e.seconds, hereWorkers, queueWorkers))}`
}

/** A count in words from a million up: "2.0 trillion", "380 million", "12,345". */
export function formatCount(n: number): string {
  if (n < 1e6) return Math.round(n).toLocaleString('en')
  if (n >= 1e18) {
    const [m, e] = n.toExponential(1).split('e+')
    return `${m}·10^${e}`
  }
  const units: [number, string][] = [
    [1e15, 'quadrillion'],
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
  ]
  const [scale, name] = units.find(([v]) => n >= v)!
  const x = n / scale
  return `${x < 10 ? x.toFixed(1) : Math.round(x).toLocaleString('en')} ${name}`
}

/** A duration in the unit a person would use: "40 s", "84 minutes", "14 hours", "3 days". */
export function formatDuration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`
  if (seconds < 5400) return `${Math.round(seconds / 60)} minutes`
  if (seconds < 3 * 86400) return `${Math.round(seconds / 3600)} hours`
  if (seconds < 3 * 365 * 86400) return `${Math.round(seconds / 86400)} days`
  return `${formatCount(seconds / (365 * 86400))} years`
}
