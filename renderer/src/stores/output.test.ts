import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import { convexCases } from '../../../shared/convex/convex'
import { documentFromJson } from '../../../shared/document/document'
import { DEFAULT_EXPORT } from '../../../shared/drawing/export-settings'
import { pieceSetFromJson } from '../../../shared/formats/load'
import { buildTilingProblem } from '../../../shared/tiling/problem'
import { TilingSearch } from '../../../shared/tiling/search'
import { host, settled } from '../../../testing/renderer-setup'
import { useOutput } from './output'
import { useSolver } from './solver'

const KEY = 'pw-export-settings'

beforeEach(() => localStorage.clear())

/** A finished job in the solver store: the tangram's first convex outline, with its tilings. */
async function tangramJob(): Promise<number> {
  const pieces = pieceSetFromJson(tangramSet, 'tangram.json').pieces.map((p) => ({
    name: p.name,
    shape: p.shape,
    count: p.count,
  }))
  const outline = convexCases(pieces).cases.find((c) => c.name.startsWith('square'))!
  const tilings: { pieces: ReturnType<TilingSearch['solution']>['pieces']; classSize: number }[] =
    []
  new TilingSearch(buildTilingProblem(outline.polygon, pieces), 'reduce').runToEnd((s) =>
    tilings.push({ pieces: s.pieces, classSize: s.classSize }),
  )
  host.answer('run.start', () => ({ runId: 'run-1' }))
  const document = documentFromJson(tangramSet, 'tangram.json')
  await useSolver().start(document, 'convex')
  const base = { runId: 'run-1', kind: 'solve' } as const
  host.emit({
    type: 'run.started',
    ...base,
    runsOn: { kind: 'here', processes: 2 },
    plan: {
      request: { kind: 'convex', mode: 'reduce' },
      figures: [{ name: outline.name, polygon: outline.polygon }],
      document,
      setKey: 'tangram',
      merged: [],
    },
  })
  host.emit({ type: 'run.items', ...base, items: tilings.map((tiling) => ({ figure: 0, tiling })) })
  host.emit({
    type: 'run.ended',
    ...base,
    outcome: 'done',
    result: { complete: true, resumed: 0 },
    elapsedMs: 1,
  })
  return tilings.length
}

describe('the output store', () => {
  it('keeps the export settings across sessions, but not the one solution chosen', async () => {
    const o = useOutput()
    expect(o.settings).toEqual(DEFAULT_EXPORT)
    o.settings.format = 'hpgl'
    o.settings.sheet.gap = 3
    o.settings.only = { figure: 0, tiling: 2 }
    await settled()
    setActivePinia(createPinia())
    const next = useOutput()
    expect(next.settings).toEqual({
      ...DEFAULT_EXPORT,
      format: 'hpgl',
      sheet: { ...DEFAULT_EXPORT.sheet, gap: 3 },
    })
  })

  it('starts from the defaults when what was stored cannot be read', () => {
    localStorage.setItem(KEY, '{"format": "bmp"')
    expect(useOutput().settings).toEqual(DEFAULT_EXPORT)
    localStorage.setItem(KEY, JSON.stringify({ ...DEFAULT_EXPORT, format: 'bmp' }))
    setActivePinia(createPinia())
    expect(useOutput().settings).toEqual(DEFAULT_EXPORT)
    // A solution chosen in an earlier session belongs to that session's job.
    localStorage.setItem(KEY, JSON.stringify({ ...DEFAULT_EXPORT, only: { figure: 0, tiling: 1 } }))
    setActivePinia(createPinia())
    expect(useOutput().settings).toEqual(DEFAULT_EXPORT)
  })

  it('lays out the sheet of the job’s tilings, and none before there are any', async () => {
    const o = useOutput()
    expect(o.sheet).toBeUndefined()
    const tilings = await tangramJob()
    expect(tilings).toBeGreaterThan(0)
    const sheet = o.sheet!
    expect(sheet.solutions).toBe(tilings)
    expect(sheet.pages.flatMap((p) => p.items)).toHaveLength(tilings)
    o.settings.only = { figure: 0, tiling: 0 }
    expect(o.sheet!.pages.flatMap((p) => p.items)).toHaveLength(1)
  })

  it('follows its plot from the plotter’s events, not another plot’s', () => {
    const o = useOutput()
    o.plot = { plotId: 'plot-1', state: 'sending', sent: 0, total: 500 }
    host.emit({
      type: 'plot.state',
      plotId: 'plot-1',
      state: 'reconnecting',
      sent: 120,
      total: 500,
    })
    host.emit({ type: 'plot.state', plotId: 'plot-0', state: 'done', sent: 90, total: 90 })
    expect(o.plot).toEqual({
      plotId: 'plot-1',
      state: 'reconnecting',
      sent: 120,
      total: 500,
      message: undefined,
      canGoOn: false,
    })
    host.emit({
      type: 'plot.state',
      plotId: 'plot-1',
      state: 'failed',
      sent: 130,
      total: 500,
      message: 'the plotter did not answer',
    })
    expect(o.plot).toMatchObject({ state: 'failed', message: 'the plotter did not answer' })
  })

  it('knows a cancelled plot that can go on, until it goes on', () => {
    const o = useOutput()
    o.plot = { plotId: 'plot-2', state: 'sending', sent: 0, total: 500 }
    const event = { type: 'plot.state', plotId: 'plot-2', sent: 130, total: 500 } as const
    host.emit({ ...event, state: 'cancelled', canGoOn: true })
    expect(o.plot).toMatchObject({ state: 'cancelled', canGoOn: true })
    host.emit({ ...event, state: 'sending' })
    expect(o.plot).toMatchObject({ state: 'sending', canGoOn: false })
  })

  it('lists the ports and picks the first one, unless one is already chosen', async () => {
    host.answer('plotter.ports', () => ({
      ports: [
        { path: '/dev/ttyUSB0', label: 'USB serial' },
        { path: '/dev/ttyS0', label: 'COM1' },
      ],
      devices: [{ path: '/dev/usb/lp0', label: 'printer port' }],
    }))
    const o = useOutput()
    await o.refreshPorts()
    expect(o.target).toMatchObject({ kind: 'serial', path: '/dev/ttyUSB0' })
    expect(o.devices).toEqual([{ path: '/dev/usb/lp0', label: 'printer port' }])
    o.target = { ...o.target, path: '/dev/ttyS0' }
    await o.refreshPorts()
    expect(o.target).toMatchObject({ kind: 'serial', path: '/dev/ttyS0' })
    o.target = { kind: 'device', path: '' }
    await o.refreshPorts()
    expect(o.target).toEqual({ kind: 'device', path: '/dev/usb/lp0' })
  })
})
