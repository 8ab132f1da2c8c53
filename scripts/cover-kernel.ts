/**
 * Compiles the tiling engine's WebAssembly kernel (shared/exactcover/cover-kernel.wat) and writes
 * the module, in base64, to shared/exactcover/cover-kernel.ts, so that the app, the CLI and the
 * workers load it without a compiler. Run after changing the .wat: npx tsx
 * scripts/cover-kernel.ts (a test checks that the two agree).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import initWabt from 'wabt'

const folder = join(import.meta.dirname, '..', 'shared', 'exactcover')
export const watPath = join(folder, 'cover-kernel.wat')
export const modulePath = join(folder, 'cover-kernel.ts')

/** The text of cover-kernel.ts for the .wat as it is now. */
export async function coverKernelSource(): Promise<string> {
  const wabt = await initWabt()
  const parsed = wabt.parseWat('cover-kernel.wat', readFileSync(watPath, 'utf8'))
  parsed.validate()
  const { buffer } = parsed.toBinary({})
  parsed.destroy()
  const base64 = Buffer.from(buffer).toString('base64')
  return [
    '// Written by scripts/cover-kernel.ts from cover-kernel.wat: do not edit.',
    `export const coverKernelBase64 =\n  '${base64}'`,
    '',
  ].join('\n')
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(modulePath, await coverKernelSource())
}
