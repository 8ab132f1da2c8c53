import { InputError } from '../errors'

/**
 * HP-GL as pen plotters read it: two-letter mnemonics, numeric parameters, labels. Parsing is
 * done by a reader fed text as it comes (a plotter's byte stream) or all at once (a file); the
 * interpreter follows the pen through PU, PD, PA and PR and records what it draws.
 */

/** One instruction as written. */
export interface HpglInstruction {
  /** Two letters, uppercased. */
  readonly mnemonic: string
  readonly params: number[]
  /** LB's label, without its terminator; DT's terminator and SM's symbol character. */
  readonly text?: string
  /** Where the mnemonic starts: offset into the text, 1-based line and column. */
  readonly offset: number
  readonly line: number
  readonly column: number
}

export const ETX = '\x03'
const ESC = '\x1b'
const isLetter = (c: string) => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\r' || c === '\n'
const NUMBER = /[+-]?(\d+(\.\d*)?|\.\d+)/y
/** Instructions whose parameter is one character, not a number. */
const CHARACTER_PARAM = new Set(['DT', 'SM'])

const quote = (c: string) =>
  c === ESC ? 'ESC' : c < ' ' || c > '~' ? `byte ${c.charCodeAt(0)}` : `'${c}'`

/**
 * Reads instructions from text fed in pieces: `feed` returns the instructions completed so far,
 * `end` the last one once the text is over. Errors are InputErrors naming line and column.
 */
export class HpglReader {
  private text = ''
  private at = 0
  /** Offset, line and column of text[at]. */
  private offset = 0
  private line = 1
  private column = 1
  private terminator = ETX

  feed(piece: string): HpglInstruction[] {
    this.text = this.text.slice(this.at) + piece
    this.at = 0
    return this.read(false)
  }

  end(): HpglInstruction[] {
    return this.read(true)
  }

  /** Drops a partly received instruction (a plotter's ESC.K). */
  discard(): void {
    this.advance(this.text.length)
  }

  private read(final: boolean): HpglInstruction[] {
    const out: HpglInstruction[] = []
    for (;;) {
      let i = this.at
      while (i < this.text.length && (isSpace(this.text[i]) || this.text[i] === ';')) i++
      this.advance(i)
      const found = this.instruction(final)
      if (!found) return out
      out.push(found.instruction)
      this.advance(found.end)
      const m = found.instruction.mnemonic
      if (m === 'DT') this.terminator = found.instruction.text ?? ETX
      else if (m === 'IN' || m === 'DF') this.terminator = ETX
    }
  }

  /** The instruction starting at text[at], or undefined if the text ends first. */
  private instruction(final: boolean): { instruction: HpglInstruction; end: number } | undefined {
    const { text, at } = this
    if (at >= text.length) return undefined
    const first = text[at]
    if (first === ESC)
      this.fail(
        at,
        `a device-control escape (ESC ${text.slice(at + 1, at + 3)}) is not HP-GL and cannot be in a file`,
      )
    if (!isLetter(first)) {
      NUMBER.lastIndex = at
      this.fail(
        at,
        NUMBER.test(text)
          ? 'a number with no instruction before it'
          : `${quote(first)} where an instruction should start`,
      )
    }
    if (at + 1 >= text.length) {
      if (final) this.fail(at, `'${first}' is not an instruction (they are two letters)`)
      return undefined
    }
    if (!isLetter(text[at + 1]))
      this.fail(at, `'${text.slice(at, at + 2)}' is not an instruction (they are two letters)`)
    const where = { offset: this.offset, line: this.line, column: this.column }
    const mnemonic = text.slice(at, at + 2).toUpperCase()
    let i = at + 2
    if (mnemonic === 'LB') {
      const stop = text.indexOf(this.terminator, i)
      if (stop < 0) {
        if (final) this.fail(at, `the label has no terminator (${quote(this.terminator)})`)
        return undefined
      }
      return {
        instruction: { mnemonic, params: [], text: text.slice(i, stop), ...where },
        end: stop + 1,
      }
    }
    if (CHARACTER_PARAM.has(mnemonic)) {
      if (i >= text.length)
        return final ? { instruction: { mnemonic, params: [], ...where }, end: i } : undefined
      const c = text[i]
      const given = c !== ';'
      return {
        instruction: { mnemonic, params: [], ...(given ? { text: c } : {}), ...where },
        end: given ? i + 1 : i,
      }
    }
    const params: number[] = []
    for (;;) {
      while (i < text.length && (isSpace(text[i]) || text[i] === ',')) i++
      if (i >= text.length)
        return final ? { instruction: { mnemonic, params, ...where }, end: i } : undefined
      const c = text[i]
      // An instruction ends at ';', or where the next one (or an escape) starts.
      if (c === ';') return { instruction: { mnemonic, params, ...where }, end: i + 1 }
      if (isLetter(c) || c === ESC) return { instruction: { mnemonic, params, ...where }, end: i }
      NUMBER.lastIndex = i
      const m = NUMBER.exec(text)
      // A sign or point at the end may yet become a number.
      if (!m && !final && /^[+-]?\.?$/.test(text.slice(i))) return undefined
      if (!m) this.fail(i, `${quote(c)} where a number should be`)
      const after = i + m![0].length
      // More digits may still come.
      if (after >= text.length && !final) return undefined
      const next = text[after] ?? ';'
      if (!(isSpace(next) || next === ',' || next === ';' || isLetter(next) || next === ESC))
        this.fail(i, `'${m![0]}${next}' is not a number`)
      params.push(Number(m![0]))
      i = after
    }
  }

  /** Moves the read position to text[to], keeping offset, line and column. */
  private advance(to: number): void {
    for (let k = this.at; k < to; k++) {
      this.offset++
      if (this.text[k] === '\n') {
        this.line++
        this.column = 1
      } else this.column++
    }
    this.at = to
  }

  private fail(index: number, message: string): never {
    let line = this.line
    let column = this.column
    for (let k = this.at; k < index; k++) {
      if (this.text[k] === '\n') {
        line++
        column = 1
      } else column++
    }
    throw new InputError(`line ${line}, column ${column}: ${message}`)
  }
}

/** Every instruction of a file. */
export function parseHpgl(text: string): HpglInstruction[] {
  const reader = new HpglReader()
  return [...reader.feed(text), ...reader.end()]
}

export interface HpglSegment {
  pen: number
  from: [number, number]
  to: [number, number]
}

export interface HpglDrawing {
  /** The pen-down moves in plotter units, in order. */
  segments: HpglSegment[]
  penDownLength: number
  penUpLength: number
  /** The pens that drew, ascending. */
  pens: number[]
  /** Of the segments; null when nothing was drawn. */
  bounds: { min: [number, number]; max: [number, number] } | null
}

export interface HpglPenState {
  /** The selected pen; 0 is none. */
  pen: number
  down: boolean
  relative: boolean
  position: [number, number]
}

/**
 * Instructions that leave the pen's path alone: character and label settings, scaling points,
 * speeds, line types, outputs (answers to the computer), the 9872's no-ops. SC is here without
 * parameters only: user scaling would change what every coordinate means.
 */
const HARMLESS = new Set(
  (
    'SI SR SL DT DI DR CS CA SS SA ES IP SC VS LT IM IW RO AS FS PS NR CV ' +
    'OA OC OD OE OF OH OI OO OP OS OW AP AF AH VA VN EC'
  ).split(' '),
)
// RO and IW would matter (rotation, clipping window) but only with parameters.
const HARMLESS_WITHOUT_PARAMS = new Set(['SC', 'RO', 'IW'])

/**
 * Follows the pen through a stream of instructions. Labels are neither drawn nor moved along:
 * where a plotter leaves the pen after one depends on its character cell, which is not modelled.
 */
export class HpglInterpreter {
  readonly segments: HpglSegment[] = []
  penDownLength = 0
  penUpLength = 0
  private readonly pen: HpglPenState = { pen: 0, down: false, relative: false, position: [0, 0] }

  get state(): Readonly<HpglPenState> {
    return this.pen
  }

  run(ins: HpglInstruction): void {
    const s = this.pen
    const fail = (message: string): never => {
      throw new InputError(`line ${ins.line}, column ${ins.column}: ${message}`)
    }
    switch (ins.mnemonic) {
      case 'PU':
      case 'PD':
        s.down = ins.mnemonic === 'PD'
        return this.moves(ins, fail)
      case 'PA':
      case 'PR':
        s.relative = ins.mnemonic === 'PR'
        return this.moves(ins, fail)
      case 'SP': {
        const pen = ins.params[0] ?? 0
        if (!Number.isInteger(pen) || pen < 0)
          fail(`SP takes a pen number (a whole number from 0), not ${pen}`)
        s.pen = pen
        return
      }
      case 'IN':
        s.down = false
        s.relative = false
        return
      case 'DF':
        s.relative = false
        return
      case 'LB':
        return
    }
    if (HARMLESS_WITHOUT_PARAMS.has(ins.mnemonic) && ins.params.length > 0)
      fail(`${ins.mnemonic} with parameters is not supported; give coordinates in plotter units`)
    if (!HARMLESS.has(ins.mnemonic))
      fail(`${ins.mnemonic} is not an instruction this program plots`)
  }

  drawing(): HpglDrawing {
    const pens = [...new Set(this.segments.map((s) => s.pen))].sort((a, b) => a - b)
    let bounds: HpglDrawing['bounds'] = null
    for (const { from, to } of this.segments)
      for (const [x, y] of [from, to]) {
        if (!bounds) bounds = { min: [x, y], max: [x, y] }
        bounds.min = [Math.min(bounds.min[0], x), Math.min(bounds.min[1], y)]
        bounds.max = [Math.max(bounds.max[0], x), Math.max(bounds.max[1], y)]
      }
    return {
      segments: this.segments,
      penDownLength: this.penDownLength,
      penUpLength: this.penUpLength,
      pens,
      bounds,
    }
  }

  private moves(ins: HpglInstruction, fail: (message: string) => never): void {
    const s = this.pen
    const p = ins.params
    if (p.length % 2 === 1)
      fail(`${ins.mnemonic} takes x,y pairs, and ${p.length} numbers do not pair up`)
    for (let k = 0; k < p.length; k += 2) {
      const from = s.position
      const to: [number, number] = s.relative
        ? [from[0] + p[k], from[1] + p[k + 1]]
        : [p[k], p[k + 1]]
      const length = Math.hypot(to[0] - from[0], to[1] - from[1])
      if (s.down) {
        this.segments.push({ pen: s.pen, from, to })
        this.penDownLength += length
      } else this.penUpLength += length
      s.position = to
    }
  }
}

/** What a list of instructions draws, starting from a plotter just switched on. */
export function interpretHpgl(instructions: readonly HpglInstruction[]): HpglDrawing {
  const interpreter = new HpglInterpreter()
  for (const ins of instructions) interpreter.run(ins)
  return interpreter.drawing()
}
