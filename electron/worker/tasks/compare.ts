import { comparePlan, countOutline, type ComparedSet } from '../../../shared/compare/compare'
import type { OutlineCase } from '../../../shared/convex/convex'
import { piecesFromWire } from '../../../shared/pieces/solvable'
import { ruleOuts, type RuleOuts } from '../../../shared/tiling/rule-out'
import type { WorkerKind } from './kind'

interface State {
  readonly sets: readonly ComparedSet[]
  readonly cases: readonly OutlineCase[]
  /** Each set's rule-outs, worked out when a task of that set first comes here. */
  readonly rules: Map<number, RuleOuts>
}

/** Sets compared: one set's counts of a batch of outlines. */
const compare: WorkerKind<'compare', State> = {
  prepare: ({ sets }) => {
    const parsed = sets.map((wire) => ({ name: wire.name, pieces: piecesFromWire(wire) }))
    return { sets: parsed, cases: comparePlan(parsed).cases, rules: new Map() }
  },
  run: ({ sets, cases, rules }, { set, outlines }) => {
    const { pieces } = sets[set]
    if (!rules.has(set)) rules.set(set, ruleOuts(pieces))
    return outlines.map((i) => countOutline(cases[i].polygon, pieces, rules.get(set)!))
  },
}
export default compare
