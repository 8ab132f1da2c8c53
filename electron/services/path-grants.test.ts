import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PathGrants } from './path-grants'

describe('the Electron app trusts only paths chosen in its own dialogs', () => {
  it('refuses a path the renderer made up, and takes what a dialog or the recent files gave', async () => {
    let recent = ['/home/ada/sets/recent.json']
    const grants = new PathGrants(async () => recent)
    await expect(grants.resolve('/etc/passwd')).rejects.toThrow(
      '/etc/passwd: not chosen in a file dialog; choose it with Open or Save As',
    )
    // A relative path is taken from the main process's folder, and must be granted as such.
    await expect(grants.resolve('x/../../secret.json')).rejects.toThrow(/not chosen/)
    expect(grants.grant('/home/ada/sets/../sets/mine.json')).toBe('/home/ada/sets/mine.json')
    await expect(grants.resolve('/home/ada/sets/mine.json')).resolves.toBe(
      '/home/ada/sets/mine.json',
    )
    await expect(grants.resolve('/home/ada/sets/recent.json')).resolves.toBe(
      '/home/ada/sets/recent.json',
    )
    recent = []
    await expect(grants.resolve('/home/ada/sets/recent.json')).rejects.toThrow(/not chosen/)
    expect(grants.grant('rel.json')).toBe(resolve('rel.json'))
    await expect(grants.resolve(join(process.cwd(), 'rel.json'))).resolves.toBe(resolve('rel.json'))
  })
})
