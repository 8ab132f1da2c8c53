import { XMLParser, XMLValidator } from 'fast-xml-parser'
import svgpath from 'svgpath'
import { InputError } from '../errors'

/**
 * The filled polygons of an SVG drawing, in the drawing's own coordinates (y pointing down) with
 * every `transform` of the element and its groups applied. fast-xml-parser reads the XML (kept in
 * document order) and svgpath reads path data and applies the transforms (matrix, translate,
 * scale, rotate, skew, nested), so neither the path grammar nor the matrix algebra is written here.
 * A `<rect>` and a `<polygon>` become path data and take the same way. Only straight edges are
 * read: a curve, an arc, a rounded rect or a circle is refused, since a silhouette of straight
 * pieces has none and dropping one would be a silent wrong answer.
 */
export type FloatPoint = readonly [number, number]

export interface DrawnShape {
  /** "polygon", "rect" or "path". */
  readonly element: string
  /** Counted from 1 in document order, over all three elements. */
  readonly index: number
  readonly id?: string
  /** Each closed subpath: its corners, the closing one not repeated. */
  readonly rings: readonly (readonly FloatPoint[])[]
}

type XmlNode = Record<string, unknown>

/** Containers whose contents are not drawn where they stand. */
const NOT_DRAWN = new Set([
  'defs',
  'clipPath',
  'mask',
  'symbol',
  'pattern',
  'marker',
  'metadata',
  'title',
  'desc',
  'style',
  'script',
])
const CURVED = new Set(['circle', 'ellipse'])

export function svgShapes(text: string, source: string): DrawnShape[] {
  const valid = XMLValidator.validate(text)
  if (valid !== true)
    throw new InputError(
      `${source}: not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`,
    )
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
  })
  const doc = parser.parse(text) as XmlNode[]
  const root = doc.find((n) => tagOf(n) === 'svg')
  if (!root) throw new InputError(`${source}: not an SVG drawing (no <svg> element)`)
  const shapes: DrawnShape[] = []
  visit(root, [], source, shapes)
  return shapes
}

function tagOf(node: XmlNode): string | undefined {
  return Object.keys(node).find((k) => k !== ':@' && k !== '#text')
}

function attributesOf(node: XmlNode): Record<string, string> {
  return (node[':@'] as Record<string, string> | undefined) ?? {}
}

/** `outer`: the transforms of the enclosing groups, innermost first (the order they apply in). */
function visit(node: XmlNode, outer: readonly string[], source: string, out: DrawnShape[]) {
  const tag = tagOf(node)
  if (!tag || NOT_DRAWN.has(tag)) return
  const attrs = attributesOf(node)
  if (attrs.display === 'none') return
  const transforms = attrs.transform ? [attrs.transform, ...outer] : outer
  const index = out.length + 1
  const what = `${tag} ${index}${attrs.id ? ` ("${attrs.id}")` : ''}`
  if (CURVED.has(tag))
    throw new InputError(`${source}: ${tag} is curved: draw the silhouette with straight edges`)
  if (tag === 'use')
    throw new InputError(`${source}: <use> is not read: draw each shape where it stands`)
  const d =
    tag === 'polygon'
      ? polygonPath(attrs.points ?? '', `${source}: ${what}`)
      : tag === 'rect'
        ? rectPath(attrs, `${source}: ${what}`)
        : tag === 'path'
          ? (attrs.d ?? '')
          : undefined
  if (d !== undefined) {
    const rings = pathRings(d, transforms, `${source}: ${what}`)
    if (rings.length > 0) out.push({ element: tag, index, id: attrs.id, rings })
    return
  }
  for (const child of (node[tag] as XmlNode[] | undefined) ?? [])
    visit(child, transforms, source, out)
}

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g

function polygonPath(points: string, where: string): string {
  const values = points.match(NUMBER) ?? []
  if (values.length % 2 !== 0) throw new InputError(`${where}: points has an odd count of numbers`)
  const pairs: string[] = []
  for (let i = 0; i < values.length; i += 2) pairs.push(`${values[i]} ${values[i + 1]}`)
  return pairs.length ? `M ${pairs.join(' L ')} Z` : ''
}

function rectPath(attrs: Record<string, string>, where: string): string {
  const num = (name: string) => {
    const v = attrs[name] ?? '0'
    const n = Number(v)
    if (!Number.isFinite(n))
      throw new InputError(`${where}: ${name}="${v}" is not a number (units and % are not read)`)
    return n
  }
  if (num('rx') !== 0 || num('ry') !== 0)
    throw new InputError(`${where}: has rounded corners: draw the silhouette with straight edges`)
  const [x, y, w, h] = [num('x'), num('y'), num('width'), num('height')]
  if (w <= 0 || h <= 0) return ''
  return `M ${x} ${y} h ${w} v ${h} h ${-w} Z`
}

/** Closed subpaths of path data, transformed; an open one is closed, as filling closes it. */
function pathRings(d: string, transforms: readonly string[], where: string): FloatPoint[][] {
  let path = svgpath(d)
  const err = (path as unknown as { err?: string }).err
  if (err) throw new InputError(`${where}: ${err.replace(/^SvgPath: /, '')}`)
  for (const t of transforms) path = path.transform(t)
  const rings: FloatPoint[][] = []
  let ring: FloatPoint[] = []
  let start: FloatPoint | undefined
  const close = () => {
    if (ring.length > 0) rings.push(ring)
    ring = []
  }
  path.abs().iterate((s, _i, x, y) => {
    switch (s[0]) {
      case 'M':
        close()
        start = [s[1], s[2]]
        ring = [start]
        return
      case 'L':
        break
      case 'H':
        s = ['L', s[1], y]
        break
      case 'V':
        s = ['L', x, s[1]]
        break
      case 'Z':
      case 'z':
        close()
        return
      default:
        throw new InputError(
          `${where}: has a curve or an arc ("${s[0]}"): draw the silhouette with straight edges`,
        )
    }
    // A line after a closed subpath starts a new one at that subpath's start.
    if (ring.length === 0 && start) ring = [start]
    ring.push([s[1], s[2]])
  })
  close()
  return rings.map(cleanRing).filter((r) => r.length > 0)
}

/** Without repeated corners (consecutive, and the closing one). */
function cleanRing(ring: readonly FloatPoint[]): FloatPoint[] {
  const out: FloatPoint[] = []
  for (const p of ring) {
    const last = out[out.length - 1]
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p)
  }
  while (
    out.length > 1 &&
    out[0][0] === out[out.length - 1][0] &&
    out[0][1] === out[out.length - 1][1]
  )
    out.pop()
  return out
}
