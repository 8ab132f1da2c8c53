import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { coverKernelSource, modulePath } from './cover-kernel'

describe('the tiling engine’s WebAssembly kernel', () => {
  it('is the one cover-kernel.wat compiles to (run npx tsx scripts/cover-kernel.ts after editing it)', async () => {
    expect(readFileSync(modulePath, 'utf8')).toBe(await coverKernelSource())
  })
})
