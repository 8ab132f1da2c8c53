/**
 * Drawing random puzzles until one has exactly one solution, within a budget: so many draws, and
 * so many search nodes over all of them, since a single count can take for ever (8 × 8 cards with
 * one figure have countless solutions, and few figures make even one hard to rule out).
 */

export interface Budget {
  /** Puzzles drawn at most. */
  readonly draws: number
  /** Search nodes at most, all draws together. */
  readonly nodes: number
}

/** What a generator has spent so far. */
export interface Spent {
  readonly draws: number
  readonly nodes: number
}

export type Drawn<T> =
  | ({
      readonly ok: true
      readonly draws: number
      /** The search that proved the puzzle's one solution: its difficulty. */
      readonly nodes: number
    } & T)
  | ({ readonly ok: false; readonly ranOut: 'draws' | 'nodes' } & Spent)

/**
 * Tries draws 0, 1, … until `attempt` accepts one or the budget is spent. `attempt(k, onNodes)`
 * draws puzzle k and counts its solutions, calling onNodes now and then with the nodes its search
 * has taken; onNodes returns true once the budget is spent, and the search then stops. It gives
 * back the puzzle if it has exactly one solution (undefined if not, or if stopped) and its nodes.
 * `onProgress` hears of every draw begun and of the nodes as they go.
 */
export function drawUntil<T>(
  budget: Budget,
  attempt: (
    k: number,
    onNodes: (nodes: number) => boolean,
  ) => { readonly found: T | undefined; readonly nodes: number },
  onProgress?: (spent: Spent) => void,
): Drawn<T> {
  let nodes = 0
  for (let k = 0; k < budget.draws; k++) {
    onProgress?.({ draws: k + 1, nodes })
    const { found, nodes: used } = attempt(k, (n) => {
      onProgress?.({ draws: k + 1, nodes: nodes + n })
      return nodes + n >= budget.nodes
    })
    nodes += used
    if (found !== undefined) return { ok: true, ...found, draws: k + 1, nodes: used }
    if (nodes >= budget.nodes) return { ok: false, ranOut: 'nodes', draws: k + 1, nodes }
  }
  return { ok: false, ranOut: 'draws', draws: budget.draws, nodes }
}
