/**
 * The values of all small positions, by their graph: a position of k ≤ SMALL_SQUARES free squares
 * is a graph on vertices 0 … k − 1 (an edge where two squares attack each other) and a move takes
 * a vertex and its neighbours away (Node Kayles). Its Grundy value depends on the graph only, so
 * one table per k, indexed by the edges as bits (pair i < j in the order (0,1), (0,2), (1,2),
 * (0,3), … : bit j·(j − 1)/2 + i), answers every position of 6 squares or fewer with one
 * look-up; the engine's search would otherwise spend half its nodes on them.
 */

export const SMALL_SQUARES = 6

/** The edge bit of the pair i < j. */
function edgeBit(i: number, j: number): number {
  return 1 << ((j * (j - 1)) / 2 + i)
}

function buildTables(): Uint8Array[] {
  const tables: Uint8Array[] = [Uint8Array.of(0)]
  for (let k = 1; k <= SMALL_SQUARES; k++) {
    const table = new Uint8Array(1 << ((k * (k - 1)) / 2))
    for (let edges = 0; edges < table.length; edges++) {
      const linked = (i: number, j: number) =>
        i !== j && (edges & edgeBit(Math.min(i, j), Math.max(i, j))) !== 0
      let seen = 0
      for (let v = 0; v < k; v++) {
        // The vertices left after the move at v, renumbered in order, and their edges.
        const left: number[] = []
        for (let u = 0; u < k; u++) if (u !== v && !linked(u, v)) left.push(u)
        let key = 0
        for (let j = 1; j < left.length; j++)
          for (let i = 0; i < j; i++) if (linked(left[i], left[j])) key |= edgeBit(i, j)
        seen |= 1 << tables[left.length][key]
      }
      table[edges] = 31 - Math.clz32(~seen & (seen + 1))
    }
    tables.push(table)
  }
  return tables
}

let tables: Uint8Array[] | undefined

/**
 * Table k gives the value of the graph on k vertices by its edges; all of them, 0 … SMALL_SQUARES,
 * built on first use (a few milliseconds).
 */
export function smallTables(): readonly Uint8Array[] {
  tables ??= buildTables()
  return tables
}
