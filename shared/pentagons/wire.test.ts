import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parsePieceSet } from '../formats/load'
import { findPentagons } from './pentagons'
import { pentagonFromText, pentagonsToText } from './wire'

describe('pentagons as text (the API’s form)', () => {
  it('read back to the same exact numbers, numbered from 1', () => {
    const tangram = parsePieceSet(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram')
    const result = findPentagons(tangram.pieces)
    const text = pentagonsToText(result, 'covers')
    // Through JSON, as the transports carry it.
    const back = (JSON.parse(JSON.stringify(text)) as typeof text).pentagons.map(pentagonFromText)
    expect(back).toEqual(result.pentagons.map((p, i) => ({ ...p, number: i + 1 })))
    expect(text.pentagons[22].corners.flat()).toContain('-1+2√2')
  })
})
