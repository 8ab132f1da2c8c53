/**
 * A count with its noun, in the noun's number: "1 half-square", "16 half-squares", "1,234
 * tilings". The count is grouped by thousands, as the app and the CLI print counts.
 */
export function plural(count: number | bigint, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 || count === 1n ? one : many}`
}
