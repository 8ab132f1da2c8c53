import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InputError } from '../errors'
import { HpglReader, interpretHpgl, parseHpgl } from './parse'

const brief = (text: string) =>
  parseHpgl(text).map((i) => [i.mnemonic, ...i.params, ...(i.text === undefined ? [] : [i.text])])

const errorOf = (f: () => unknown): string => {
  try {
    f()
  } catch (e) {
    expect(e).toBeInstanceOf(InputError)
    return (e as Error).message
  }
  throw new Error('no error')
}

describe('parseHpgl', () => {
  it('reads mnemonics in any case, signed and decimal numbers, and every separator', () => {
    expect(brief('in;sp1 PU 10 20,-5.5 PD+3,.5PA;PR1.,2\r\nPU;;')).toEqual([
      ['IN'],
      ['SP', 1],
      ['PU', 10, 20, -5.5],
      ['PD', 3, 0.5],
      ['PA'],
      ['PR', 1, 2],
      ['PU'],
    ])
  })

  it('ends a label at ETX, or at the terminator DT chose until IN', () => {
    expect(brief('LBHello; world\x03PU;DT#;LBa\x03b#PA1,1;DT;LBc\x03IN;DT$LBd$')).toEqual([
      ['LB', 'Hello; world'],
      ['PU'],
      ['DT', '#'],
      ['LB', 'a\x03b'],
      ['PA', 1, 1],
      ['DT'],
      ['LB', 'c'],
      ['IN'],
      ['DT', '$'],
      ['LB', 'd'],
    ])
    expect(brief('DT#;IN;LBe\x03')).toEqual([['DT', '#'], ['IN'], ['LB', 'e']])
  })

  it('gives each instruction its offset, line and column', () => {
    const where = parseHpgl('IN;\n  PU 1,2;\nLBa\nb\x03PD;').map((i) => [
      i.offset,
      i.line,
      i.column,
    ])
    expect(where).toEqual([
      [0, 1, 1],
      [6, 2, 3],
      [14, 3, 1],
      [20, 4, 3],
    ])
  })

  it.each([
    ['PU;\n  10,20;', 'line 2, column 3: a number with no instruction before it'],
    ['PA 1.2.3;', "line 1, column 4: '1.2.' is not a number"],
    ['PA 10;P;', "line 1, column 7: 'P;' is not an instruction (they are two letters)"],
    ['PA 1x;', "line 1, column 5: 'x;' is not an instruction (they are two letters)"],
    ['PA 10, #;', "line 1, column 8: '#' where a number should be"],
    ['IN;\nLBabc', 'line 2, column 1: the label has no terminator (byte 3)'],
    ['PU;\x1b.B', 'line 1, column 4: a device-control escape (ESC .B) is not HP-GL'],
    ['PU;P', "line 1, column 4: 'P' is not an instruction (they are two letters)"],
    ['PU;\u00e9', 'line 1, column 4: byte 233 where an instruction should start'],
  ])('names line and column of garbage: %j', (text, message) => {
    expect(errorOf(() => parseHpgl(text))).toContain(message)
  })

  it('reads the same instructions from text fed in any pieces, as a plotter gets it', () => {
    const coord = fc.integer({ min: -9999, max: 9999 }).map((n) => (n % 7 === 0 ? n / 4 : n))
    const instruction = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('PU', 'pd', 'PA', 'PR', 'SP', 'VS'),
          fc.array(coord, { maxLength: 4 }),
          fc.constantFrom(',', ' ', ', '),
        )
        .map(([m, p, sep]) => `${m}${p.join(sep)}`),
      fc.string({ maxLength: 6 }).map((t) => `LB${t.replaceAll('\x03', '')}\x03`),
    )
    const text = fc.array(fc.tuple(instruction, fc.constantFrom(';', '', '\n', '; ')), {
      maxLength: 12,
    })
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), (parts, cuts) => {
        const source = parts.map(([i, sep]) => i + sep).join('')
        const at = [...new Set(cuts.map((c) => c % (source.length + 1)))].sort((a, b) => a - b)
        const reader = new HpglReader()
        const fed = []
        let last = 0
        for (const c of [...at, source.length]) {
          fed.push(...reader.feed(source.slice(last, c)))
          last = c
        }
        fed.push(...reader.end())
        expect(fed).toEqual(parseHpgl(source))
        expect(fed).toHaveLength(parts.length)
      }),
      { seed: 4242, numRuns: 300 },
    )
  })

  it('drops a partly received instruction on discard, as ESC.K does', () => {
    const reader = new HpglReader()
    expect(reader.feed('PU1,1;PD12')).toHaveLength(1)
    reader.discard()
    expect(reader.feed('PU5,5;').map((i) => i.params)).toEqual([[5, 5]])
  })
})

describe('interpretHpgl', () => {
  it('follows PU, PD, PA and PR with several pairs, and sums lengths per pen state', () => {
    const d = interpretHpgl(
      parseHpgl('IN;SP1;PU0,0;PD100,0,100,100;PR;PD-100,0;PU0,-100;SP2;PA;PD0,50;PU;'),
    )
    expect(d.segments).toEqual([
      { pen: 1, from: [0, 0], to: [100, 0] },
      { pen: 1, from: [100, 0], to: [100, 100] },
      { pen: 1, from: [100, 100], to: [0, 100] },
      { pen: 2, from: [0, 0], to: [0, 50] },
    ])
    expect(d.penDownLength).toBe(350)
    expect(d.penUpLength).toBe(100)
    expect(d.pens).toEqual([1, 2])
    expect(d.bounds).toEqual({ min: [0, 0], max: [100, 100] })
  })

  it('draws nothing for labels and ignores instructions that leave the path alone', () => {
    const d = interpretHpgl(
      parseHpgl('IN;SI0.2,0.3;DI1,0;VS10;VS5,2;LT2;LBhi\x03IP0,0,100,100;SC;OI;PD10,10;'),
    )
    expect(d.segments).toEqual([{ pen: 0, from: [0, 0], to: [10, 10] }])
    expect(interpretHpgl(parseHpgl('LBonly\x03')).bounds).toBeNull()
  })

  it('lifts the pen and returns to absolute plotting on IN', () => {
    const d = interpretHpgl(parseHpgl('PR;PD10,0;IN;PU20,0;PD30,0;'))
    expect(d.segments.map((s) => [s.from, s.to])).toEqual([
      [
        [0, 0],
        [10, 0],
      ],
      [
        [20, 0],
        [30, 0],
      ],
    ])
  })

  it.each([
    ['PU;\nCI 100;', 'line 2, column 1: CI is not an instruction this program plots'],
    ['PA1,2,3;', 'line 1, column 1: PA takes x,y pairs, and 3 numbers do not pair up'],
    ['SC0,100,0,100;', 'SC with parameters is not supported'],
    ['SP-1;', 'SP takes a pen number (a whole number from 0), not -1'],
  ])('refuses what it cannot plot, naming where: %j', (text, message) => {
    expect(errorOf(() => interpretHpgl(parseHpgl(text)))).toContain(message)
  })
})
