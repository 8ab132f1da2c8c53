import { plural } from '../plural'
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
  /** The nodes' spread, a factor (`knuthEstimate`): likely between nodes ÷ spread and × spread. */
  readonly spread?: number
  /** Seconds the whole search would take in one process here, once a speed was measured. */
  readonly seconds?: number
}

/** One figure's estimate: ruled out, or the search's nodes and how fast they go here. */
export interface FigureEstimate {
  readonly rejected?: string
  /** Knuth's estimate of the search's nodes. */
  readonly nodes: number
  /** The nodes' spread, a factor (`knuthEstimate`). */
  readonly spread?: number
  /** Nodes a second in one process, measured by a short search here (absent for tiny ones). */
  readonly rate?: number
}

/**
 * The workers of a queue an estimate is reckoned on while no queue says how many it has: the
 * queue's own count is passed to `estimateTimes` instead, once there is one.
 */
export const QUEUE_WORKERS = 10

/**
 * A sum of estimates of nodes, each within its own spread (a factor): the sum of the lows and of
 * the highs give the sum's spread, √(Σ high ÷ Σ low).
 */
export class NodeTally {
  nodes = 0
  private low = 0
  private high = 0

  add(nodes: number, spread = 1): void {
    this.nodes += nodes
    this.low += nodes / spread
    this.high += nodes * spread
  }

  get spread(): number {
    return this.low > 0 ? Math.sqrt(this.high / this.low) : 1
  }
}

/**
 * How far the speed measured by a short trial search strays: two trials of the same search minutes
 * apart said 11 and 17 million years (the machine's load), and the trial runs 1.6× slower than
 * the run itself (docs/ESTIMATES.md). A time is shown within this factor times the nodes' spread.
 */
export const RATE_SPREAD = 1.6

export interface EstimateTimes {
  /** Seconds on this machine's `hereWorkers` processes. */
  readonly here: number
  readonly hereWorkers: number
  /** Seconds on `queueWorkers` workers of a queue. */
  readonly queue: number
  readonly queueWorkers: number
  /** The times' spread, a factor: the nodes' times the speed's (`RATE_SPREAD`). */
  readonly spread: number
}

/**
 * The time a search of `seconds` in one process takes on N processes here and on a queue, with
 * its spread from the nodes' (`nodeSpread`) and the speed's.
 */
export function estimateTimes(
  seconds: number,
  hereWorkers: number,
  queueWorkers = QUEUE_WORKERS,
  nodeSpread = 1,
): EstimateTimes {
  return {
    here: seconds / Math.max(1, hereWorkers),
    hereWorkers,
    queue: seconds / Math.max(1, queueWorkers),
    queueWorkers,
    spread: Math.max(1, nodeSpread) * RATE_SPREAD,
  }
}

const workers = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 'es'}`

/**
 * A time and its spread (a factor) as a range: "11–17 million years", "20 hours – 3.5 days",
 * "up to 2 s", "under a second".
 */
export function durationRange(seconds: number, spread: number): string {
  const [low, high] = [seconds / spread, seconds * spread]
  if (high < 1) return 'under a second'
  if (low < 1) return `up to ${formatDuration(high)}`
  const [a, unitA] = durationParts(low)
  const [b, unitB] = durationParts(high)
  if (unitA !== unitB) return `${a} ${unitA} – ${b} ${unitB}`
  return a === b ? `about ${a} ${unitA}` : `${a}–${b} ${unitA}`
}

/**
 * "8.8–22 hours here (2 processes), 1.8–4.5 hours on 10 workers of the queue": ranges, since
 * neither the nodes nor the speed are known closer.
 */
export function timesText(t: EstimateTimes): string {
  return (
    `${durationRange(t.here, t.spread)} here (${workers(t.hereWorkers, 'process')}), ` +
    `${durationRange(t.queue, t.spread)} on ${plural(t.queueWorkers, 'worker')} of the queue`
  )
}

/** "about 1.8·10²⁰ nodes (×/÷ 3)": an estimated count, two significant figures and its spread. */
export const aboutCount = (n: number, what: string, spread?: number): string =>
  `about ${formatEstimate(n)} ${what}${spread === undefined ? '' : ` (${formatSpread(spread)})`}`

/** "1.8·10²⁰ ×/÷ 3": an estimated count and its spread, where a unit is understood (a table). */
export const withSpread = (n: number, spread?: number): string =>
  `${formatEstimate(n)}${spread === undefined ? '' : ` ${formatSpread(spread)}`}`

/**
 * The estimate in one line: "about 2.0·10¹² nodes (×/÷ 1.4) in 1,234 outlines to search (800 ruled
 * out): 8.8–25 hours here (2 processes), 1.8–5 hours on 10 workers of the queue".
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
    `${aboutCount(e.nodes, 'nodes', e.spread)} in ${left} ${left === 1 ? what[0] : what[1]} to search` +
    `${e.ruledOut > 0 ? ` (${e.ruledOut} ruled out)` : ''}${partial}`
  return e.seconds === undefined
    ? size
    : `${size}: ${timesText(estimateTimes(e.seconds, hereWorkers, queueWorkers, e.spread))}`
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹'
const twoFigures = (x: number): string => x.toLocaleString('en', { maximumSignificantDigits: 2 })

/**
 * An estimated count in one format everywhere (app and CLI): two significant figures, since no
 * estimate here is closer; digits below a million ("570,000"), millions in words ("17 million"),
 * beyond as a power of ten ("1.8·10²⁰": no caret, no "quadrillion").
 */
export function formatEstimate(n: number): string {
  const [value, word] = countParts(n)
  return word ? `${value} ${word}` : value
}

/** `formatEstimate` as its number and its word ("million", or none). */
function countParts(n: number): [string, string] {
  if (!Number.isFinite(n)) return [String(n), '']
  const r = Number(n.toPrecision(2))
  if (r < 1e6) return [twoFigures(r), '']
  if (r < 1e9) return [twoFigures(r / 1e6), 'million']
  const [m, e] = r.toExponential(1).split('e+')
  return [`${m}·10${[...e].map((d) => SUPERSCRIPT[Number(d)]).join('')}`, '']
}

/** "×/÷ 3", "×/÷ 4.4 million": a spread factor, in the format of estimates. */
export const formatSpread = (factor: number): string => `×/÷ ${formatEstimate(factor)}`

/** A duration as its number and unit, the unit a person would use: [84, "minutes"]. */
function durationParts(seconds: number): [string, string] {
  // Whole seconds: what a clock shows, and never more than two figures.
  if (seconds < 90) return [String(Math.round(seconds)), 's']
  if (seconds < 5400) return [twoFigures(seconds / 60), 'minutes']
  if (seconds < 3 * 86400) return [twoFigures(seconds / 3600), 'hours']
  if (seconds < 3 * 365 * 86400) return [twoFigures(seconds / 86400), 'days']
  const [years, word] = countParts(seconds / (365 * 86400))
  return [years, word ? `${word} years` : 'years']
}

/** A duration in the unit a person would use, two significant figures: "40 s", "84 minutes". */
export function formatDuration(seconds: number): string {
  const [value, unit] = durationParts(seconds)
  return `${value} ${unit}`
}
