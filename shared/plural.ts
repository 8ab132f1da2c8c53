/**
 * A count with its noun, in the noun's number: "1 half-square", "16 half-squares", "1,234
 * tilings". The count is grouped by thousands, as the app and the CLI print counts.
 */
export function plural(count: number | bigint, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 || count === 1n ? one : many}`
}

/** A range of counts with its noun: "11–12 pieces"; one count when `least` is absent or equal. */
export function pluralRange(
  least: number | undefined,
  most: number,
  one: string,
  many = `${one}s`,
): string {
  if (least === undefined || least === most) return plural(most, one, many)
  return `${least.toLocaleString('en')}–${most.toLocaleString('en')} ${many}`
}
