/**
 * Writes resources/set-index.json: the listing of the bundled piece sets (name, pieces, kinds,
 * area, convex outlines) that `npm run -s cli -- sets` prints, computed here once instead of at
 * every start of the command. Run after changing a set: npx tsx scripts/make-set-index.ts (the
 * tests check the index against the sets).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setIndex } from '../electron/cli/set-index'

const resources = join(import.meta.dirname, '..', 'resources')
writeFileSync(
  join(resources, 'set-index.json'),
  JSON.stringify(setIndex(resources), null, 2) + '\n',
)
