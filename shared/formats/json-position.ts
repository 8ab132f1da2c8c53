/**
 * Where JSON text first goes wrong, for error messages: V8's JSON.parse names the position for
 * some mistakes but not for others ("Unexpected token '}', … is not valid JSON"). This scanner
 * walks the JSON grammar and returns the offset of the first character that cannot belong there
 * (the text's length if it ends too early), or -1 if the text is valid. It keeps the open arrays
 * and objects on a stack of its own, so any depth of nesting is fine.
 */
export function firstJsonError(text: string): number {
  let i = 0
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++
  }
  const fail = (at = i) => {
    throw at
  }
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail()
      i++
    }
  }
  const string = () => {
    i++
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') {
        i++
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) fail(i + k)
          i += 4
        } else if (!'"\\/bfnrt'.includes(text[i] ?? '')) fail()
      } else if (text.charCodeAt(i) < 0x20) fail()
      i++
    }
    if (i >= text.length) fail()
    i++
  }
  const numberPattern = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y
  const number = () => {
    numberPattern.lastIndex = i
    const m = numberPattern.exec(text)
    if (!m || m[0] === '-') fail()
    i += m![0].length
  }
  const key = () => {
    ws()
    if (text[i] !== '"') fail()
    string()
    ws()
    if (text[i] !== ':') fail()
    i++
  }
  // The containers open around the current position: '[' or '{'.
  const open: string[] = []
  try {
    for (;;) {
      // A value.
      ws()
      const c = text[i]
      if (c === '[' || c === '{') {
        i++
        ws()
        if (text[i] === (c === '[' ? ']' : '}')) i++
        else {
          open.push(c)
          if (c === '{') key()
          continue
        }
      } else if (c === '"') string()
      else if (c === 't') literal('true')
      else if (c === 'f') literal('false')
      else if (c === 'n') literal('null')
      else if (c === '-' || (c >= '0' && c <= '9')) number()
      else fail()
      // After a value: the next element, or the end of its container (and maybe of theirs).
      for (;;) {
        if (open.length === 0) {
          ws()
          return i < text.length ? i : -1
        }
        ws()
        const top = open[open.length - 1]
        if (text[i] === ',') {
          i++
          if (top === '{') key()
          break
        }
        if (text[i] !== (top === '[' ? ']' : '}')) fail()
        i++
        open.pop()
      }
    }
  } catch (at) {
    return Math.min(at as number, text.length)
  }
}
