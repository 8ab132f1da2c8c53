import { describe, expect, it } from 'vitest'
import { COMPLEMENT, distinctTurns, edgeAt, turnCard, type Card, type Label } from './puzzle'

const HIB_CARD: Card = [
  ['rot', 0],
  ['gelb', 1],
  ['blau', 1],
  ['gruen', 0],
]

describe('card model', () => {
  it("edgeAt is the source's bild(): karten[karte][(-orient + richtung) % 4] with Python's modulo", () => {
    const pythonMod = (a: number, m: number) => a - m * Math.floor(a / m)
    for (let turns = 0; turns < 4; turns++)
      for (let side = 0; side < 4; side++)
        expect(edgeAt(HIB_CARD, turns, side)).toBe(HIB_CARD[pythonMod(-turns + side, 4)])
    // "bei einer 90°-Drehung gegen den Uhrzeiger [erscheint] das Bild Nummer 3 oben"
    expect(edgeAt(HIB_CARD, 1, 0)).toBe(HIB_CARD[3])
  })

  it('turning four times is the identity, and turns add up', () => {
    expect(turnCard(HIB_CARD, 4)).toEqual(HIB_CARD)
    expect(turnCard(turnCard(HIB_CARD, 1), 2)).toEqual(turnCard(HIB_CARD, 3))
  })

  it('every complement rule is an involution; halves flips the half, same keeps the label', () => {
    const labels: Label[] = [
      ['rot', 0],
      ['rot', 1],
      [3, 0],
      ['3', 1],
    ]
    for (const rule of ['halves', 'same'] as const)
      for (const l of labels) expect(COMPLEMENT[rule](COMPLEMENT[rule](l))).toEqual(l)
    expect(COMPLEMENT.halves(['rot', 0])).toEqual(['rot', 1])
    expect(COMPLEMENT.same(['rot', 0])).toEqual(['rot', 0])
  })

  it('distinctTurns sees half-turn and quarter-turn symmetric cards', () => {
    expect(distinctTurns(HIB_CARD)).toBe(4)
    expect(
      distinctTurns([
        ['a', 0],
        ['b', 1],
        ['a', 0],
        ['b', 1],
      ]),
    ).toBe(2)
    expect(
      distinctTurns([
        ['a', 0],
        ['a', 0],
        ['a', 0],
        ['a', 0],
      ]),
    ).toBe(1)
    // 1 and "1" are different figures.
    expect(
      distinctTurns([
        [1, 0],
        ['1', 0],
        [1, 0],
        ['1', 0],
      ]),
    ).toBe(2)
    expect(
      distinctTurns([
        [1, 0],
        ['1', 0],
        [1, 0],
        [1, 0],
      ]),
    ).toBe(4)
  })
})
