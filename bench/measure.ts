/** What every benchmark reports, and the helpers they share. */
export interface Result {
  name: string
  target: string
  medianMs: number
  runs: number
  detail: string
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** Fails the benchmark when a count is wrong: a fast wrong answer must not pass. */
export function check(what: string, got: unknown, want: unknown): void {
  if (JSON.stringify(got) !== JSON.stringify(want))
    throw new Error(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`)
}
