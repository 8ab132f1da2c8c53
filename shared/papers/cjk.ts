import { PUBLISHED } from './registry'

/** Chinese characters, kana, and the CJK punctuation and full-width forms. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u

/** Every string in a value (an object's fields, an array's items), functions left out. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

/**
 * The CJK characters the app shows, sorted: those of the published numbers (the Japanese report's
 * words in the Papers view), the only Japanese text in the app. A plain Linux desktop may have no
 * font for them, so the renderer bundles a subset of Noto Sans CJK JP with exactly these
 * (scripts/make-cjk-font.ts).
 */
export function cjkCharacters(): string[] {
  const found = new Set<string>()
  for (const text of strings(PUBLISHED)) for (const c of text) if (CJK.test(c)) found.add(c)
  return [...found].sort()
}
