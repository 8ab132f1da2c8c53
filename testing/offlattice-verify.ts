import { expect } from 'vitest'
import { verifyRegionDissection } from '../shared/pentagons/verify'
import type { OffPart, OffPiece, OffPlaced } from '../shared/offlattice/search'

/** Every tiling the search lists, through the independent exact verifier. */
export function expectVerified(
  parts: readonly OffPart[],
  pieces: readonly OffPiece[],
  tilings: readonly (readonly OffPlaced[])[],
): void {
  const set = pieces.map((p) => ({ name: p.name, corners: p.corners, count: p.count }))
  for (const t of tilings) {
    const problem = verifyRegionDissection(
      parts.map((p) => p.outline),
      parts.flatMap((p) => p.holes),
      t.map((p) => ({ piece: pieces[p.piece].name, corners: p.corners })),
      set,
    )
    expect(problem).toBeUndefined()
  }
}
