import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Settings } from '../../shared/api/contract'
import { InputError } from '../../shared/errors'
import { SettingsService } from './settings'

const defaults: Settings = { workers: 2, recent: [] }

let file: string
const service = () => new SettingsService({ file, defaults })
beforeEach(() => {
  file = join(mkdtempSync(join(tmpdir(), 'workbench-settings-')), 'config', 'settings.json')
})

describe('settings', () => {
  it('are the defaults until set, without creating the file', async () => {
    expect(await service().get()).toEqual(defaults)
    expect(existsSync(file)).toBe(false)
  })

  it('are merged, returned, and kept in the file', async () => {
    expect(await service().set({ workers: 6 })).toEqual({ workers: 6, recent: [] })
    expect(await service().get()).toEqual({ workers: 6, recent: [] })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ workers: 6, recent: [] })
  })

  it('fall back to the defaults for a corrupt file, and leave it until the next change', async () => {
    await service().set({ workers: 3 })
    writeFileSync(file, '{"workers": 3,')
    expect(await service().get()).toEqual(defaults)
    expect(readFileSync(file, 'utf8')).toBe('{"workers": 3,')
    expect(await service().set({ workers: 5 })).toEqual({ workers: 5, recent: [] })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ workers: 5, recent: [] })
  })

  it('keep the valid fields of a damaged file', async () => {
    await service().set({ workers: 3 })
    writeFileSync(file, JSON.stringify({ workers: 4, recent: 'not a list', theme: 'dark' }))
    expect(await service().get()).toEqual({ workers: 4, recent: [] })
    writeFileSync(file, JSON.stringify({ workers: -1, recent: ['/a.json'] }))
    expect(await service().get()).toEqual({ workers: 2, recent: ['/a.json'] })
    writeFileSync(file, '[1, 2]')
    expect(await service().get()).toEqual(defaults)
  })

  it('refuse invalid values and leave the file alone', async () => {
    const s = service()
    await s.set({ workers: 3 })
    const before = readFileSync(file, 'utf8')
    await expect(s.set({ workers: 0 })).rejects.toThrow(InputError)
    await expect(s.set({ workers: 1.5 })).rejects.toThrow(/^settings: workers: /)
    await expect(s.set({ colour: 'red' } as Partial<Settings>)).rejects.toThrow(InputError)
    expect(readFileSync(file, 'utf8')).toBe(before)
    expect(await s.get()).toEqual({ workers: 3, recent: [] })
  })

  it('keep both of two changes made at once', async () => {
    const s = service()
    const [, , third] = await Promise.all([
      s.set({ workers: 7 }),
      s.addRecent('/puzzles/a.json'),
      s.set({ recent: ['/puzzles/b.json', '/puzzles/a.json'] }),
    ])
    expect(third).toEqual({ workers: 7, recent: ['/puzzles/b.json', '/puzzles/a.json'] })
    await Promise.all([s.set({ workers: 8 }), s.addRecent('/puzzles/c.json')])
    expect(await service().get()).toEqual({
      workers: 8,
      recent: ['/puzzles/c.json', '/puzzles/b.json', '/puzzles/a.json'],
    })
  })

  it('go on after a failed change', async () => {
    const s = service()
    const failed = s.set({ workers: -3 })
    const ok = s.set({ workers: 4 })
    await expect(failed).rejects.toThrow(InputError)
    expect(await ok).toEqual({ workers: 4, recent: [] })
  })

  it('list recent files newest first, once each, at most ten', async () => {
    const s = service()
    await s.addRecent('/a.json')
    await s.addRecent('/b.json')
    expect((await s.addRecent('/a.json')).recent).toEqual(['/a.json', '/b.json'])
    for (let i = 0; i < 12; i++) await s.addRecent(`/${i}.json`)
    const { recent } = await s.get()
    expect(recent).toEqual(Array.from({ length: 10 }, (_, i) => `/${11 - i}.json`))
  })
})
