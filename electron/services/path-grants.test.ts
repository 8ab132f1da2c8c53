import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { KEPT_GRANTS, PathGrants } from './path-grants'

const grantsFile = () => join(mkdtempSync(join(tmpdir(), 'pw-grants-')), 'grants.json')

describe('the Electron app trusts only paths chosen in its own dialogs', () => {
  it('refuses a path the renderer made up, and takes what a dialog gave', async () => {
    const grants = new PathGrants(grantsFile())
    await expect(grants.resolve('/etc/passwd')).rejects.toThrow(
      '/etc/passwd: not chosen in a file dialog; choose it with Open or Save As',
    )
    // A relative path is taken from the main process's folder, and must be granted as such.
    await expect(grants.resolve('x/../../secret.json')).rejects.toThrow(/not chosen/)
    expect(await grants.grant('/home/ada/sets/../sets/mine.json')).toBe('/home/ada/sets/mine.json')
    await expect(grants.resolve('/home/ada/sets/mine.json')).resolves.toBe(
      '/home/ada/sets/mine.json',
    )
    await expect(grants.resolve('/home/ada/sets/other.json')).rejects.toThrow(/not chosen/)
    expect(await grants.grant('rel.json')).toBe(resolve('rel.json'))
    await expect(grants.resolve(join(process.cwd(), 'rel.json'))).resolves.toBe(resolve('rel.json'))
  })

  it('keeps its grants for the next session, in its own file', async () => {
    const file = grantsFile()
    await new PathGrants(file).grant('/home/ada/sets/mine.json')
    const next = new PathGrants(file)
    await expect(next.resolve('/home/ada/sets/mine.json')).resolves.toBe('/home/ada/sets/mine.json')
    await expect(next.resolve('/home/ada/sets/other.json')).rejects.toThrow(/not chosen/)
    // A damaged file grants nothing, and the next choice writes it afresh.
    writeFileSync(file, '["/home/ada/sets/mine.json", 5]')
    const damaged = new PathGrants(file)
    await expect(damaged.resolve('/home/ada/sets/mine.json')).rejects.toThrow(/not chosen/)
    await damaged.grant('/home/ada/new.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(['/home/ada/new.json'])
  })

  it('forgets the paths least recently chosen or used beyond its limit', async () => {
    const file = grantsFile()
    const grants = new PathGrants(file)
    const path = (i: number) => `/home/ada/sets/set-${i}.json`
    for (let i = 0; i < KEPT_GRANTS; i++) await grants.grant(path(i))
    // Used again, the first one is now the latest; the second is the oldest.
    await grants.resolve(path(0))
    await grants.grant(path(KEPT_GRANTS))
    for (const g of [grants, new PathGrants(file)]) {
      await expect(g.resolve(path(1))).rejects.toThrow(/not chosen/)
      await expect(g.resolve(path(0))).resolves.toBe(path(0))
      await expect(g.resolve(path(KEPT_GRANTS))).resolves.toBe(path(KEPT_GRANTS))
    }
  })
})
