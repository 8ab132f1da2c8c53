import { afterEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { host } from '../../../testing/renderer-setup'
import { useApp } from './app'

const settings = { workers: 2, recent: [] }

afterEach(() => vi.useRealTimers())

describe('the app store', () => {
  it('loads the host, the bundled sets, the settings and the recoverable work at start-up', async () => {
    host.answer('app.info', () => ({
      host: 'browser',
      version: '0.1.0',
      nativeDialogs: false,
      cores: 2,
    }))
    host.answer('library.list', () => [
      { id: 'tangram', name: 'Tangram', pieces: 7, area: 16, outlines: 20, path: 'tangram.json' },
    ])
    host.answer('settings.get', () => settings)
    host.answer('autosave.list', () => [])
    const app = useApp()
    await app.load()
    expect(app.info).toMatchObject({ host: 'browser', nativeDialogs: false })
    expect(app.library.map((s) => s.id)).toEqual(['tangram'])
    expect(app.settings).toEqual(settings)
    expect(app.recoverable).toEqual([])
  })

  it('changes settings through the host and shows what the host kept', async () => {
    host.answer('settings.set', (patch) => ({ ...settings, ...patch }))
    const app = useApp()
    await app.setSettings({ workers: 1 })
    expect(host.callsOf('settings.set')).toEqual([{ workers: 1 }])
    expect(app.settings).toEqual({ workers: 1, recent: [] })
    await expect(app.setSettings({ workers: 0 })).rejects.toThrow(/settings\.set: bad parameters/)
    expect(app.settings).toEqual({ workers: 1, recent: [] })
  })

  it('an information fades after a few seconds, an error later; held while pointed at, dismissed at once', async () => {
    vi.useFakeTimers()
    const app = useApp()
    app.notify('error', 'tangram.json: permission denied')
    app.notify('info', 'Saved Tangram')
    expect(app.notices.map((n) => n.kind)).toEqual(['error', 'info'])
    await vi.advanceTimersByTimeAsync(5000)
    expect(app.notices.map((n) => n.text)).toEqual(['tangram.json: permission denied'])
    await vi.advanceTimersByTimeAsync(8000)
    expect(app.notices).toEqual([])
    app.notify('error', 'plot: no such device')
    app.hold(app.notices[0].id)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(app.notices).toHaveLength(1)
    app.release(app.notices[0].id)
    await vi.advanceTimersByTimeAsync(11_000)
    expect(app.notices).toHaveLength(1)
    app.dismiss(app.notices[0].id)
    expect(app.notices).toEqual([])
  })

  it('takes the errors away on moving to another view or when asked (a retry succeeded); informations stay', async () => {
    const app = useApp()
    app.notify('error', 'plot.hpgl: outside the folder')
    app.notify('info', 'Saved Tangram')
    app.view = 'puzzles'
    await nextTick()
    expect(app.notices.map((n) => n.text)).toEqual(['Saved Tangram'])
    app.notify('error', 'plot.hpgl: outside the folder')
    app.clearErrors()
    expect(app.notices.map((n) => n.text)).toEqual(['Saved Tangram'])
  })

  it('shows when the connection to the host drops and returns', () => {
    const app = useApp()
    expect(app.connected).toBe(true)
    host.setConnected(false)
    expect(app.connected).toBe(false)
    host.setConnected(true)
    expect(app.connected).toBe(true)
  })
})
