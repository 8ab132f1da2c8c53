/**
 * Compiles the WebAssembly kernels (the tiling engine's, shared/exactcover/cover-kernel.wat; the
 * queens count's, shared/queens/rows-kernel.wat) and writes each module, in base64, to the .ts
 * file beside it, so that the app, the CLI and the workers load them without a compiler. Run
 * after changing a .wat: npx tsx scripts/wasm-kernels.ts (a test checks that they agree).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import initWabt from 'wabt'

const shared = join(import.meta.dirname, '..', 'shared')
/** Each kernel's source and the module written from it. */
export const kernels = [
  { wat: join(shared, 'exactcover', 'cover-kernel.wat'), name: 'coverKernelBase64' },
  { wat: join(shared, 'queens', 'rows-kernel.wat'), name: 'rowsKernelBase64' },
].map((k) => ({ ...k, module: k.wat.replace(/\.wat$/, '.ts') }))

/** The text of a kernel's .ts module for its .wat as it is now. */
export async function kernelSource(kernel: (typeof kernels)[number]): Promise<string> {
  const wabt = await initWabt()
  const parsed = wabt.parseWat(kernel.wat, readFileSync(kernel.wat, 'utf8'))
  parsed.validate()
  const { buffer } = parsed.toBinary({})
  parsed.destroy()
  const file = kernel.wat.split(/[\\/]/).pop()
  return [
    `// Written by scripts/wasm-kernels.ts from ${file}: do not edit.`,
    `export const ${kernel.name} =\n  '${Buffer.from(buffer).toString('base64')}'`,
    '',
  ].join('\n')
}

if (process.argv[1] === import.meta.filename) {
  for (const kernel of kernels) writeFileSync(kernel.module, await kernelSource(kernel))
}
