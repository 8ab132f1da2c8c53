import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { InputError } from '../../shared/errors'
import { tooLargeMessage } from '../../shared/formats/text'
import { LIMITS } from '../../shared/limits'
import { describeFsError } from './fs-errors'

/**
 * The text of a file the user opens (a piece set, a puzzle); errors name the file. One larger than
 * any such file is refused before it is read.
 */
export async function readInputFile(abs: string): Promise<string> {
  const name = basename(abs)
  try {
    const { size } = await stat(abs)
    if (size > LIMITS.maxFileBytes) throw new InputError(tooLargeMessage(name, size))
    return await readFile(abs, 'utf8')
  } catch (e) {
    if (e instanceof InputError) throw e
    throw new InputError(`${name}: ${describeFsError(e)}`)
  }
}
