import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { InputError } from '../../shared/errors'
import { parseCards } from '../../shared/edgematch/cards/format'
import type { CardPuzzle } from '../../shared/edgematch/cards/puzzle'
import { RESOURCES } from './inputs'

export function bundledCardSets(): string[] {
  return readdirSync(join(RESOURCES, 'cards'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort()
}

/** A card puzzle from a file, or a bundled one by name ("hib-smiley"). */
export function loadCardSet(arg: string): { puzzle: CardPuzzle; source: string } {
  let path = arg
  if (!existsSync(arg) && /^[a-z0-9-]+$/i.test(arg)) {
    const bundled = join(RESOURCES, 'cards', `${arg.toLowerCase()}.json`)
    if (!existsSync(bundled))
      throw new InputError(
        `${arg}: no such file, and no bundled card set of that name (bundled: ${bundledCardSets().join(', ')})`,
      )
    path = bundled
  }
  const source = basename(path)
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new InputError(`${path}: no such card file`)
    if (code === 'EISDIR') throw new InputError(`${path}: is a folder, not a card file`)
    throw new InputError(`${path}: cannot read it (${code ?? (e as Error).message})`)
  }
  return { puzzle: parseCards(text, source), source }
}
