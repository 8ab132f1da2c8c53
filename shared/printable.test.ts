import { describe, expect, it } from 'vitest'
import { printable, shownName } from './printable'

describe('printable text', () => {
  it('escapes every control character but tab and newline', () => {
    expect(printable('a\x1b[31mb\tc\nd\r\x00')).toBe('a\\x1b[31mb\tc\nd\\x0d\\x00')
    expect(printable('\x7f\x9b2J é 😀')).toBe('\\u007f\\u009b2J é 😀')
  })

  it('keeps JSON JSON, meaning the same', () => {
    const json = JSON.stringify({ name: 'a\x1b\x9b\x7f' })
    expect(JSON.parse(printable(json))).toEqual({ name: 'a\x1b\x9b\x7f' })
  })

  it('cuts a long name to 80 characters with an ellipsis, whole characters', () => {
    expect(shownName('x'.repeat(80))).toBe('x'.repeat(80))
    expect(shownName('x'.repeat(1_000_000))).toBe(`${'x'.repeat(79)}…`)
    expect(Array.from(shownName('😀'.repeat(100)))).toHaveLength(80)
  })
})
