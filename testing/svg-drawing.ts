import type { XPoint } from '../shared/exact/geometry'
import { HALF_SQRT2, neg, root2, toNumber } from '../shared/exact/root2'

/**
 * Exact figures drawn as SVG, as a person's drawing program would: y pointing down, at some
 * scale, turn (by 45° steps) and offset, each coordinate a little off. The SVG import's tests draw
 * with it and expect the exact figure back.
 */
export interface DrawnPolygon {
  readonly id?: string
  readonly corners: readonly XPoint[]
}

export interface DrawingStyle {
  /** Drawing units per set unit. */
  readonly scale: number
  /** k · 45°, clockwise on the page (SVG's rotate). */
  readonly turn: number
  readonly offset: readonly [number, number]
  /** Each coordinate moved by up to this (in set units), from `random`. */
  readonly noise: number
  readonly random: () => number
  /** Through nested `transform`s (true) or with the coordinates worked out (false). */
  readonly transforms: boolean
}

export function drawSvg(polygons: readonly DrawnPolygon[], style: DrawingStyle): string {
  const jitter = () => (style.random() * 2 - 1) * style.noise
  const angle = (style.turn * Math.PI) / 4
  const [c, s] = [Math.cos(angle), Math.sin(angle)]
  const place = ([x, y]: readonly [number, number]): [number, number] => {
    // y down, then turned and scaled and moved, as the nested groups below do.
    const [u, v] = [x, -y]
    return [
      style.offset[0] + style.scale * (c * u - s * v),
      style.offset[1] + style.scale * (s * u + c * v),
    ]
  }
  const shapes = polygons.map((p) => {
    const points = p.corners.map(([x, y]): [number, number] => {
      const local: [number, number] = [toNumber(x) + jitter(), toNumber(y) + jitter()]
      return style.transforms ? [local[0], -local[1]] : place(local)
    })
    const id = p.id ? ` id="${p.id}"` : ''
    return `<polygon${id} points="${points.map((q) => q.map((v) => +v.toFixed(6)).join(',')).join(' ')}"/>`
  })
  const body = style.transforms
    ? `<g transform="translate(${style.offset[0]} ${style.offset[1]})"><g transform="rotate(${style.turn * 45})"><g transform="scale(${style.scale})">${shapes.join('')}</g></g></g>`
    : shapes.join('')
  return `<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`
}

const h = HALF_SQRT2
const n = (v: number) => root2(BigInt(v))
const p = (x: number, y: number): XPoint => [n(x), n(y)]

/**
 * A sitting figure of the seven tans, three of them turned by 45° (the square, the tail, against
 * sides of other pieces only in part): drawn piece by piece, with ids naming the pieces.
 */
export const SEVEN_PIECE_FIGURE: readonly DrawnPolygon[] = [
  { id: 'large-triangle-1', corners: [p(0, 0), p(2, 0), p(2, 2)] },
  { id: 'large-triangle-2', corners: [p(0, 0), p(2, 2), p(0, 2)] },
  { id: 'medium-triangle', corners: [p(0, 2), p(2, 2), p(1, 3)] },
  {
    id: 'square',
    corners: [
      p(2, 2),
      [root2(4n, -1n, 2n), root2(4n, 1n, 2n)],
      [n(2), root2(2n, 1n)],
      [root2(4n, 1n, 2n), root2(4n, 1n, 2n)],
    ],
  },
  { id: 'parallelogram', corners: [p(0, 0), p(1, 0), p(0, -1), p(-1, -1)] },
  { id: 'small-triangle-1', corners: [p(1, 0), p(2, 0), p(1, -1)] },
  {
    id: 'small-triangle-2',
    corners: [p(0, 2), [n(0), root2(2n, -1n)], [neg(h), root2(4n, -1n, 2n)]],
  },
]

/** What testing/svg/frame-with-hole.svg imports as: a 3 × 3 outline with a 1 × 1 hole. */
export const FRAME_WITH_HOLE = {
  polygons: [
    {
      outline: [
        [0, 0],
        [3, 0],
        [3, 3],
        [0, 3],
      ],
      holes: [
        [
          [1, 1],
          [1, 2],
          [2, 2],
          [2, 1],
        ],
      ],
    },
  ],
}
