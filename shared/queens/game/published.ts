/**
 * Published winners of the queens game from the empty board, for tests and the benchmark (the
 * solver never reads them). Takeuchi and Okuno's report (the 1970s, issue 6): the first player
 * for n = 2, 4, 6, 8, the second for n = 10 and 12; every odd n is the first player's by the
 * reflection theorem (solve.ts). T. Jenrich, "Successful strategies for a queens placing game on
 * an n × n chess board" (arXiv:1312.5135, 2014), found the second player's for n = 14 and 16 with
 * his program QPGAME3, agreeing with the smaller n.
 */
const EVEN: Record<number, 'first' | 'second'> = {
  2: 'first',
  4: 'first',
  6: 'first',
  8: 'first',
  10: 'second',
  12: 'second',
  14: 'second',
  16: 'second',
}

export function publishedWinner(n: number): 'first' | 'second' | undefined {
  return Number.isInteger(n) && n >= 1 && n % 2 === 1 ? 'first' : EVEN[n]
}
