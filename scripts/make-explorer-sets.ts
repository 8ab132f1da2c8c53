/**
 * Writes the bundled sets the set explorer finds among the pieces cut from 16 half-square
 * triangles (resources/sets/explorer-*.json): the four sets of seven that make 19 of the 20 convex
 * outlines, and the best set of eleven, which makes all 20. The tests check them against the
 * explorer again (shared/design/published.test.ts).
 * Run: npx tsx scripts/make-explorer-sets.ts, then npx tsx scripts/make-set-index.ts
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { exploreSets } from '../shared/design/explore'
import { formatJson, pieceSetToJson } from '../shared/formats/load'
import { analyzeShape } from '../shared/pieces/shape'

const COLORS = ['#e4572e', '#f3a712', '#29335c', '#669bbc', '#a8c686', '#8e5572']
const PAPER =
  'Fox-Epstein, Katsumata & Uehara (IEICE Trans. Fundamentals E99-A(6), 2016; arXiv:1407.1923)'

function write(pieces: number, count: number, claim: string) {
  const { sets } = exploreSets({ area: 16, pieces, top: count })
  sets.slice(0, count).forEach((s, i) => {
    const letter = count > 1 ? 'abcd'[i] : ''
    const set = {
      name: `${pieces} pieces, ${s.outlines} convex outlines${letter ? ` (${letter})` : ''}`,
      description: `Found by the set explorer, \`design --area 16 --pieces ${pieces}\`${count > 1 ? `, set ${i + 1} of ${count} by tilings` : ', the first by tilings'}: it makes ${s.outlines} of the 20 convex outlines of area 16, ${s.tilings.toLocaleString('en')} tilings in all. ${PAPER} ${claim}`,
      pieces: s.kinds.map((k, j) => ({
        name: k.candidate.name,
        polygon: [...k.candidate.polygon],
        count: k.count,
        color: COLORS[j % COLORS.length],
        shape: analyzeShape(k.candidate.polygon),
      })),
      figures: [],
    }
    const file = `explorer-${pieces}-${s.outlines}${letter}.json`
    writeFileSync(
      join(import.meta.dirname, '..', 'resources', 'sets', file),
      formatJson(pieceSetToJson(set)),
    )
  })
}

write(7, 4, 'show that exactly four sets of seven such pieces make 19 convex figures, and none 20.')
write(11, 1, 'show that eleven such pieces are necessary and sufficient for all 20.')
