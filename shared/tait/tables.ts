/**
 * The tables of §4 as the paper prints them: the number of minimal move sequences for one pair
 * of empty cells (Table 1) and for two (the supplementary table, 補表), and the historical
 * number it quotes. Data only, so that the app's main bundle can show them beside its counts.
 */

/** Table 1: n = 4 … 10, one pair of empty cells. */
export const TABLE_1: ReadonlyMap<number, number> = new Map([
  [4, 1],
  [5, 1],
  [6, 1],
  [7, 2],
  [8, 16],
  [9, 32],
  [10, 96],
])

/** The supplementary table: n = 3 … 10, two pairs of empty cells. */
export const SUPPLEMENT: ReadonlyMap<number, number> = new Map([
  [3, 1],
  [4, 1],
  [5, 1],
  [6, 1],
  [7, 4],
  [8, 16],
  [9, 32],
  [10, 96],
])

/** What the paper's tables print for n with `pairs` pairs of empty cells, if they print it. */
export function paperTable(n: number, pairs: number): number | undefined {
  return (pairs === 1 ? TABLE_1 : pairs === 2 ? SUPPLEMENT : undefined)?.get(n)
}

/** The historical table (おしどりの遊び, 1713, as the paper quotes it): n = 23. */
export const HISTORICAL_23 = 783_820_800_000n
