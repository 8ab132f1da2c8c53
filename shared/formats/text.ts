import { InputError } from '../errors'
import { LIMITS } from '../limits'

/** The one-line refusal of a file over `limit` bytes, for readers that check its size first. */
export const tooLargeMessage = (
  source: string,
  bytes: number,
  limit: number = LIMITS.maxFileBytes,
): string =>
  `${source}: too large (${(bytes / 1e6).toFixed(1)} MB); the workbench reads files of at most ${limit / 1e6} MB`

/**
 * A file's text as the parsers take it: without a byte-order mark (editors on Windows start files
 * with one, which JSON.parse rejects), and refused when larger than any puzzle file.
 */
export function inputText(text: string, source: string): string {
  if (text.length > LIMITS.maxFileBytes) throw new InputError(tooLargeMessage(source, text.length))
  return withoutBom(text)
}

export const withoutBom = (text: string): string =>
  text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
