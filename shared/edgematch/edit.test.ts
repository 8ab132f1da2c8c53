import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { solveCards } from './cards/solve'
import {
  figuresOf,
  newCards,
  newTriangle,
  nextFigure,
  paletteAfter,
  puzzleText,
  readPuzzleText,
  setSide,
  turnPiece,
  withFrame,
  withRule,
  type EdgePuzzle,
} from './edit'
import { solveAll } from './triangle/solve'

const hib = (): EdgePuzzle =>
  readPuzzleText('cards', readFileSync('resources/cards/hib-smiley.json', 'utf8'), 'hib.json')
const roundTrip = (e: EdgePuzzle) => readPuzzleText(e.kind, puzzleText(e), 'again')

describe('editing edge-matching puzzles', () => {
  it('changes one card edge at a time; the file reads back the same; the count follows', () => {
    const e = hib()
    if (e.kind !== 'cards') throw new Error('cards expected')
    expect(solveCards(e.puzzle).counts).toEqual({ fixed: 16n, upToRotation: 4n })
    // Card 1's north edge shows the other half: the set no longer comes out.
    const [figure, half] = e.puzzle.cards[0][0] as readonly [string, 0 | 1]
    const changed = setSide(e, 0, 0, [figure, half === 0 ? 1 : 0])
    expect(e.puzzle.cards[0][0]).toEqual([figure, half]) // the old puzzle is untouched
    if (changed.kind !== 'cards') throw new Error('cards expected')
    expect(solveCards(changed.puzzle).counts.fixed).not.toBe(16n)
    expect(roundTrip(changed)).toEqual(changed)
    // Turning a card changes nothing about the solutions.
    const turned = turnPiece(e, 4)
    if (turned.kind !== 'cards') throw new Error('cards expected')
    expect(turned.puzzle.cards[4]).not.toEqual(e.puzzle.cards[4])
    expect(solveCards(turned.puzzle).counts).toEqual({ fixed: 16n, upToRotation: 4n })
    expect(figuresOf(e)).toEqual(['rot', 'gelb', 'blau', 'gruen'])
    expect(nextFigure(figuresOf(e))).toBe(1)
  })

  it('refuses a bare figure on a card edge unless it is the frame figure', () => {
    const e = newCards(2, 2)
    expect(() => setSide(e, 0, 0, 'x')).toThrow(/only the frame figure/)
    const framed = withFrame(e, 'x')
    const edged = setSide(framed, 0, 0, 'x')
    expect(roundTrip(edged)).toEqual(edged)
    const unframed = withFrame(edged, undefined)
    if (unframed.kind !== 'cards') throw new Error('cards expected')
    expect(unframed.puzzle.frame).toBeUndefined()
    expect(unframed.puzzle.cards[0][0]).toEqual(['x', 0])
    expect(withRule(e, 'same').kind === 'cards' && withRule(e, 'same').puzzle).toMatchObject({
      match: 'same',
    })
  })

  it('edits triangles: a new figure raises the count of kinds; turning keeps the solutions', () => {
    const e = readPuzzleText(
      'triangle',
      readFileSync('shared/edgematch/triangle/examples/puzzle3.txt', 'utf8'),
      'puzzle3.txt',
    )
    if (e.kind !== 'triangle') throw new Error('triangle expected')
    expect(e.name).toBe('puzzle3')
    const turned = turnPiece(turnPiece(e, 2), 5)
    if (turned.kind !== 'triangle') throw new Error('triangle expected')
    expect(solveAll(turned.puzzle).counts).toEqual(solveAll(e.puzzle).counts)
    const more = setSide(e, 0, 1, -(e.puzzle.figures + 1))
    if (more.kind !== 'triangle') throw new Error('triangle expected')
    expect(more.puzzle.figures).toBe(e.puzzle.figures + 1)
    expect(roundTrip(more)).toMatchObject({ puzzle: more.puzzle })
    expect(() => setSide(e, 0, 0, 0)).toThrow(/other than 0/)
    const blank = newTriangle(2)
    expect(blank.kind === 'triangle' && blank.puzzle.pieces).toHaveLength(4)
  })

  it("keeps the palette's order through edits, so that the keys 1–9 keep their meaning", () => {
    let e = hib()
    let palette = figuresOf(e)
    expect(palette).toEqual(['rot', 'gelb', 'blau', 'gruen'])
    // Card 1's north edge (rot) shows blau: blau is now used first, rot later.
    e = setSide(e, 0, 0, ['blau', 0])
    expect(figuresOf(e)[0]).toBe('blau')
    palette = paletteAfter(palette, e)
    expect(palette).toEqual(['rot', 'gelb', 'blau', 'gruen'])
    // A new figure comes last; one that no edge shows any more keeps its place.
    e = setSide(e, 0, 1, [nextFigure(palette), 0])
    palette = paletteAfter(palette, e)
    expect(palette).toEqual(['rot', 'gelb', 'blau', 'gruen', 1])
    e = setSide(e, 0, 1, ['gelb', 1])
    palette = paletteAfter(palette, e)
    expect(figuresOf(e)).not.toContain(1)
    expect(palette).toEqual(['rot', 'gelb', 'blau', 'gruen', 1])
    expect(nextFigure(palette)).toBe(2)
  })
})
