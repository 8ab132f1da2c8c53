import { InputError } from '../../shared/errors'

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

/** Where a command's own words go: stderr when its file goes to standard output. */
export function wordsBeside(output: string | undefined, write: (text: string) => void) {
  return isStdout(output)
    ? (text: string) => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`)
    : write
}
