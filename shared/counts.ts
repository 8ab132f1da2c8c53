/**
 * Counts as JSON: exact numbers up to 2^53, decimal strings beyond (JSON numbers are doubles and
 * would silently round; later puzzles count far past that, in BigInt).
 */
export function countToJson(n: number | bigint): number | string {
  if (typeof n === 'bigint') return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString()
  return Number.isSafeInteger(n) ? n : BigInt(Math.round(n)).toString()
}
