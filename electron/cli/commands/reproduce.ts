import { citation } from '../../../shared/papers/documents'
import { PUBLISHED, reproduce } from '../../../shared/papers/registry'
import { table } from '../table'

/** Every published number beside the one the program computes now. */
export function reproduceCommand(opts: { json?: boolean; only?: string }): {
  text: string
  ok: boolean
} {
  const entries = opts.only ? PUBLISHED.filter((e) => e.id.startsWith(opts.only!)) : PUBLISHED
  const results = entries.map(reproduce)
  const ok = results.every((r) => (r.matches !== false || r.entry.reconstruction) && !r.error)
  if (opts.json) {
    return {
      ok,
      text: JSON.stringify({
        numbers: results.map((r) => ({
          id: r.entry.id,
          source: `${citation(r.entry.document)}, ${r.entry.place}`,
          what: r.entry.what,
          published: r.entry.published,
          computed: r.computed ?? null,
          matches: r.matches ?? null,
          ...(r.entry.reconstruction ? { reconstruction: true } : {}),
          ...(r.entry.convention ? { convention: r.entry.convention } : {}),
          ...(r.entry.note ? { note: r.entry.note } : {}),
          ...(r.error ? { error: r.error } : {}),
          ...(r.ms !== undefined ? { ms: Math.round(r.ms * 10) / 10 } : {}),
        })),
        matching: results.filter((r) => r.matches).length,
        total: results.length,
      }),
    }
  }
  const rows = results.map((r) => [
    r.entry.id,
    r.entry.what,
    r.entry.published,
    r.error ? `error: ${r.error}` : (r.computed ?? 'not recomputed'),
    r.matches === undefined
      ? ''
      : r.matches
        ? 'yes'
        : r.entry.reconstruction
          ? 'differs (reconstruction)'
          : 'NO',
  ])
  const notes = results.filter((r) => r.entry.note).map((r) => `${r.entry.id}: ${r.entry.note}`)
  const text = [
    table(['id', 'what', 'published', 'computed', 'same'], rows),
    '',
    `${results.filter((r) => r.matches).length} of ${results.length} published numbers computed and equal; ${results.filter((r) => r.matches === false && r.entry.reconstruction).length} reconstructed and different; ${results.filter((r) => !r.entry.compute).length} not recomputed.`,
    ...(notes.length ? ['', 'Notes:', ...notes.map((n) => `- ${n}`)] : []),
  ].join('\n')
  return { text, ok }
}
