import { existsSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { InputError } from '../../shared/errors'
import { parseCards } from '../../shared/edgematch/cards/format'
import type { CardPuzzle } from '../../shared/edgematch/cards/puzzle'
import { readInput, RESOURCES } from './inputs'

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
  return { puzzle: parseCards(readInput(path, 'card'), source), source }
}
