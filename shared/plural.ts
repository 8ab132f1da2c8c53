/**
 * A count with its noun, in the noun's number: "1 half-square", "16 half-squares", "1,234
 * tilings". The count is grouped by thousands, as the app and the CLI print counts.
 */
export function plural(count: number | bigint, one: string, many = `${one}s`): string {
  return `${grouped(count)} ${count === 1 || count === 1n ? one : many}`
}

/**
 * A count grouped by thousands, as `toLocaleString('en')` writes it ("1,234"): whole counts here,
 * since the first call of that loads the locale data, 12–16 ms of a command line's run; others
 * (a fraction) through it.
 */
export function grouped(count: number | bigint): string {
  const text = String(count)
  return /^-?\d+$/.test(text) ? text.replace(/\B(?=(\d{3})+$)/g, ',') : count.toLocaleString('en')
}

/** A range of counts with its noun: "11–12 pieces"; one count when `least` is absent or equal. */
export function pluralRange(
  least: number | undefined,
  most: number,
  one: string,
  many = `${one}s`,
): string {
  if (least === undefined || least === most) return plural(most, one, many)
  return `${grouped(least)}–${grouped(most)} ${many}`
}
