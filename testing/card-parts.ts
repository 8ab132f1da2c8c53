import type { CardPuzzle } from '../shared/edgematch/cards/puzzle'
import {
  partsInOrder,
  prepareCards,
  solveCards,
  type CardSplit,
} from '../shared/edgematch/cards/solve'
import { TimeLeft } from '../shared/time-left'

/** A part of a split card count as it ran: its weight and its search nodes. */
export interface RanPart {
  readonly weight: number
  readonly nodes: number
}

/**
 * Each part's search nodes and counts, the parts run in the order the farm sends them
 * (`partsInOrder`), one after another on one puzzle prepared once (as in a worker).
 */
export function runParts(
  puzzle: CardPuzzle,
  split: CardSplit,
  identicalAsOne = false,
): { ran: RanPart[]; fixed: bigint; upToRotation: bigint } {
  const prepared = prepareCards(puzzle)
  let fixed = 0n
  let upToRotation = 0n
  const ran = partsInOrder(split.parts).map((part) => {
    const r = solveCards(puzzle, { identicalAsOne, prefix: part.prefix }, prepared)
    fixed += r.counts.fixed
    upToRotation += r.counts.upToRotation
    return { weight: part.weight, nodes: r.stats.nodes }
  })
  return { ran, fixed, upToRotation }
}

/**
 * The worst ratio of the time left said (through `TimeLeft`, from the weight done as each part
 * ends) to the time in fact left, from the first tenth of the run on; time taken as proportional
 * to nodes (a run of 20 s, both floored at half a second as the display's whole seconds are), so
 * the machine's load does not enter.
 */
export function worstTimeLeft(ran: readonly RanPart[], weight: (w: number) => number): number {
  const total = ran.reduce((t, r) => t + r.nodes, 0)
  const W = ran.reduce((t, r) => t + weight(r.weight), 0)
  const timeLeft = new TimeLeft({ ms: 0, done: 0 })
  let nodes = 0
  let done = 0
  let worst = 0
  // The heaviest part not yet run, after each.
  const heaviest = ran.map(() => 0)
  for (let k = ran.length - 2; k >= 0; k--)
    heaviest[k] = Math.max(heaviest[k + 1], weight(ran[k + 1].weight) / W)
  ran.forEach((r, k) => {
    nodes += r.nodes
    done += weight(r.weight)
    const eta = timeLeft.at((nodes / total) * RUN_MS, done / W, 1, true, heaviest[k])
    if (eta === undefined || nodes < total / 10) return
    const left = Math.max(0.5, ((total - nodes) / total) * (RUN_MS / 1000))
    const said = Math.max(0.5, eta)
    worst = Math.max(worst, said / left, left / said)
  })
  return worst
}
const RUN_MS = 20_000
