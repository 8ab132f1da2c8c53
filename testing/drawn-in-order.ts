/**
 * For the resume tests: whether what a plotter drew (segment keys, before and after a resume) is
 * the planned drawing in its order with nothing twice and nothing foreign, some maybe missing.
 */
export function drawnInOrder(drawn: readonly string[], planned: readonly string[]): boolean {
  let k = 0
  for (const g of drawn) {
    while (k < planned.length && planned[k] !== g) k++
    if (k === planned.length) return false
    k++
  }
  return true
}
