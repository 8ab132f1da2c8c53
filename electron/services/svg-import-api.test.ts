import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { WorkbenchDocument } from '../../shared/document/document'
import { testWorkbench } from '../../testing/workbench'

/** `exactFigure.importSvg` (issue 25 point 3) through the dispatcher, over the real services. */
const { workbench, files, close } = testWorkbench({})
afterAll(() => close())

async function call(method: string, params: unknown) {
  return workbench.call(method, params)
}
const tangram = async () => {
  const reply = await call('library.open', { id: 'tangram' })
  if (!reply.ok) throw new Error(reply.error)
  return (reply.value as { document: WorkbenchDocument }).document
}

describe('exactFigure.importSvg', () => {
  it('imports a silhouette drawn in SVG for the open set: exact corners as text, and what was snapped', async () => {
    copyFileSync('testing/svg/tangram-seven-pieces.svg', join(files, 'seven.svg'))
    const reply = await call('exactFigure.importSvg', {
      path: 'seven.svg',
      document: await tangram(),
    })
    expect(reply.ok).toBe(true)
    const value = reply.ok
      ? (reply.value as { name: string; corners: string[][]; notice: string })
      : undefined
    expect(value?.name).toBe('seven')
    expect(value?.corners).toHaveLength(13)
    expect(value?.corners[2]).toEqual(['2√2', '√2'])
    expect(value?.notice).toMatch(
      /^unit 40\.\d+ drawing units \(from the set's area\); 23 edges snapped to 45°/,
    )
  })

  it('imports a region with its hole; refuses in one line naming the file a curve, no polygons, a path outside the folder', async () => {
    const document = await tangram()
    copyFileSync('testing/svg/frame-with-hole.svg', join(files, 'frame.svg'))
    copyFileSync('testing/svg/curved.svg', join(files, 'curved.svg'))
    writeFileSync(join(files, 'empty.svg'), '<svg/>')
    const refused = async (path: string) => {
      const reply = await call('exactFigure.importSvg', { path, document })
      return reply.ok ? 'imported' : reply.error
    }
    expect(await refused('frame.svg')).toBe('imported')
    const frame = await call('exactFigure.importSvg', { path: 'frame.svg', document })
    const parts = frame.ok ? (frame.value as { parts: { holes: unknown[] }[] }).parts : []
    expect(parts.map((p) => p.holes.length)).toEqual([1])
    expect(await refused('curved.svg')).toBe(
      'curved.svg: path 1: has a curve or an arc ("Q"): draw the silhouette with straight edges',
    )
    expect(await refused('empty.svg')).toBe(
      'empty.svg: no polygons (draw the silhouette with <polygon>, <rect> or <path>)',
    )
    expect(await refused('/etc/passwd')).toMatch(/outside the folder/)
  })
})
