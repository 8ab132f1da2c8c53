/**
 * The published counts (OEIS, n = 1 … 27): all solutions (A000170) and solutions up to the 8
 * symmetries of the board (A002562). Reference values for tests, the benchmark and the UI; the
 * counter never reads them.
 */
const A000170 = (
  '1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596 2279184 14772512 95815104 666090624 ' +
  '4968057848 39029188884 314666222712 2691008701644 24233937684440 227514171973736 ' +
  '2207893435808352 22317699616364044 234907967154122528'
)
  .split(' ')
  .map(BigInt)

const A002562 = (
  '1 0 0 1 2 1 6 12 46 92 341 1787 9233 45752 285053 1846955 11977939 83263591 621012754 ' +
  '4878666808 39333324973 336376244042 3029242658210 28439272956934 275986683743434 ' +
  '2789712466510289 29363495934315694'
)
  .split(' ')
  .map(BigInt)

/** The published counts for an n × n board, if known. */
export function publishedQueens(n: number): { total: bigint; unique: bigint } | undefined {
  const i = n - 1
  return Number.isInteger(n) && i >= 0 && i < A000170.length
    ? { total: A000170[i], unique: A002562[i] }
    : undefined
}
