/**
 * Text from a file or the command line as messages show it. Names come from files anyone may have
 * written: printed raw, a name with ESC [ 2J clears the user's terminal, and one of a megabyte
 * buries the message it is in.
 */

/** Control characters (C0, DEL, C1: U+009B is a CSI on some terminals) but tab and newline. */
const CONTROL = /[^\P{Cc}\t\n]/gu

/**
 * The text with every control character written as an escape: C0 as `\x1b`, DEL and C1 as
 * `\u009b`. Text that is JSON stays JSON meaning the same: JSON.stringify escapes C0 itself but
 * leaves DEL and C1 raw, and `\u009b` is JSON's own escape for them.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0)
    return code < 0x20
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`
  })
}

/** Longest name a message quotes whole. */
export const SHOWN_NAME_LENGTH = 80

/** A name as a message quotes it: printable, and cut to SHOWN_NAME_LENGTH characters with "…". */
export function shownName(name: string): string {
  const shown = Array.from(printable(name))
  return shown.length <= SHOWN_NAME_LENGTH
    ? shown.join('')
    : `${shown.slice(0, SHOWN_NAME_LENGTH - 1).join('')}…`
}
