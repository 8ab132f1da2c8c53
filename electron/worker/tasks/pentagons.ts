import type { Piece } from '../../../shared/formats/load'
import { piecesFromWire } from '../../../shared/pieces/solvable'
import {
  joinGroups,
  latticeCandidates,
  snugPentagon,
  tiledGroups,
} from '../../../shared/pentagons/pentagons'
import { groupFromWire, groupToWire, pentagonToWire } from '../../../shared/pentagons/wire'
import type { PentagonsInput, PentagonsOutput } from '../protocol'
import type { WorkerKind } from './kind'

/** A step of the pentagons of a set (pentagons-run.ts), exact numbers as text across the channel. */
const pentagons: WorkerKind<'pentagons', readonly Piece[]> = {
  prepare: ({ set }) => piecesFromWire(set),
  run: (pieces, input: PentagonsInput): PentagonsOutput => {
    switch (input.step) {
      case 'lattice':
        return { step: 'lattice', candidates: latticeCandidates(pieces) }
      case 'decide':
        return {
          step: 'decide',
          pentagons: input.polygons.map((polygon) => {
            const p = snugPentagon(polygon, pieces)
            return p ? pentagonToWire(p) : null
          }),
        }
      case 'groups':
        return { step: 'groups', groups: tiledGroups(pieces, input.code).map(groupToWire) }
      case 'join': {
        const j = joinGroups(input.first.map(groupFromWire), input.second.map(groupFromWire))
        return { step: 'join', pentagons: j.pentagons.map(pentagonToWire), joins: j.joins }
      }
    }
  },
}
export default pentagons
