import { InputError } from '../../shared/errors'
import { printable } from '../../shared/printable'

/** `-o -`: standard output, in every command that writes a file. */
export const isStdout = (path: string | undefined): boolean => path === '-'

/** Refuses, before any work, a binary file (a PDF) that `-o -` would print on the terminal. */
export function checkBinaryStdout(what: string): void {
  if (process.stdout.isTTY)
    throw new InputError(
      `-o -: ${what} would go to the terminal; send it to a file or a program (> FILE, | …), or use -o FILE`,
    )
}

/** Writes to standard output, done once it is handed on (a large PDF through a pipe). */
export function toStdout(data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) =>
    process.stdout.write(data, (e) => (e ? reject(e) : resolve())),
  )
}

/**
 * A line on stderr (a note, a warning, a progress line). Like stdout's, it may quote names from
 * files anyone wrote: control characters are shown escaped, never sent to the terminal.
 */
export function stderrLine(text: string): void {
  const shown = printable(text)
  process.stderr.write(shown.endsWith('\n') ? shown : `${shown}\n`)
}

/** Where a command's own words go: stderr when its file goes to standard output. */
export function wordsBeside(output: string | undefined, write: (text: string) => void) {
  return isStdout(output) ? stderrLine : write
}
