import fc from 'fast-check'

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

/**
 * For the tests of going on after a cancel: when to cancel, as a fraction of the plot confirmed,
 * once or twice (the second in the plot that went on, at once if it is past already).
 */
export const cancelMoments = fc.array(fc.double({ min: 0.05, max: 0.9, noNaN: true }), {
  minLength: 1,
  maxLength: 2,
})

/**
 * Plots, cancelled at each of `moments` in turn and going on each time where the last stopped
 * (`plot` plots from `goOn`, cancelling at `fraction`, and returns where it can go on); returns
 * where the last stopped.
 */
export async function cancelInTurn<G>(
  moments: readonly number[],
  plot: (fraction: number, goOn: G | undefined) => Promise<G | undefined>,
): Promise<G | undefined> {
  let goOn: G | undefined
  for (const fraction of moments) goOn = await plot(fraction, goOn)
  return goOn
}
