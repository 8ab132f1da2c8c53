import { createInterface } from 'node:readline'
import { stderrLine } from '../output'

/**
 * Resolves when the user presses Enter; if standard input ends first, calls `ended` (there is
 * no one to change the pen) and resolves.
 */
export function enterPressed(prompt: string, ended: () => void): Promise<void> {
  stderrLine(prompt)
  const lines = createInterface({ input: process.stdin })
  return new Promise((resolve) => {
    let answered = false
    lines.once('line', () => {
      answered = true
      lines.close()
      // A pipe left open by whoever runs us must not keep the command from ending.
      if ('unref' in process.stdin) process.stdin.unref()
      resolve()
    })
    lines.once('close', () => {
      if (!answered) ended()
      resolve()
    })
  })
}

/**
 * What `plot` does at each new pen's layer (GRBL, AxiDraw): waits for Enter, or with
 * `--no-pen-change` (`penChange` false) says so and goes on; standard input ending cancels.
 */
export function askPenChange(
  name: string,
  penChange: boolean | undefined,
  cancel: () => void,
): (layer: number, layers: number) => Promise<void> {
  return (layer, layers) => {
    const what = `${name}: layer ${layer} of ${layers}`
    if (penChange === false) return Promise.resolve(stderrLine(`${what}, same pen`))
    return enterPressed(`${what}: put its pen in and press Enter`, cancel)
  }
}
