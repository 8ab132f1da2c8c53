import { InputError } from '../../../shared/errors'
import type { GoOn } from '../../services/plotter/driver'

/**
 * `plot --from`: going on with a plot cancelled by Ctrl-C. Its message gives the point, the step
 * counted from 1 and, where the plotter stopped in the middle of that step's move or after a
 * label, where it stood: `120` or `120@5031,-2210`.
 */
export function goOnOption(text: string | undefined): GoOn | undefined {
  if (text === undefined) return undefined
  const number = '(-?\\d+(?:\\.\\d+)?)'
  const m = new RegExp(`^(\\d+)(?:@${number},${number})?$`).exec(text)
  if (!m || Number(m[1]) < 1)
    throw new InputError(
      `--from must be the point a cancelled plot gave to go on from (such as 120 or 120@5031,-2210), not "${text}"`,
    )
  const step = Number(m[1]) - 1
  return m[2] === undefined ? { step } : { step, at: [Number(m[2]), Number(m[3])] }
}

/** How a cancelled plot ends its message: the same command with `--from` goes on. */
export function goOnHint(goOn: GoOn | undefined): string {
  if (!goOn) return ''
  const at = goOn.at ? `@${goOn.at[0]},${goOn.at[1]}` : ''
  return `; to go on from there, run the same command with --from ${goOn.step + 1}${at}`
}
