import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { kernelSource, kernels } from './wasm-kernels'

describe('the WebAssembly kernels', () => {
  it.each(kernels)(
    '$module is what its .wat compiles to (run npx tsx scripts/wasm-kernels.ts after editing it)',
    async (kernel) => {
      expect(readFileSync(kernel.module, 'utf8')).toBe(await kernelSource(kernel))
    },
  )
})
