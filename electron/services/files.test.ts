import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { InputError } from '../../shared/errors'
import { FileBrowser } from './files'

let base: string
let root: string
let outside: string
let files: FileBrowser

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'workbench-files-'))
  root = join(base, 'puzzles')
  outside = join(base, 'private')
  mkdirSync(outside)
  writeFileSync(join(outside, 'secret.json'), '{}')
  for (const d of ['sets', 'figures', 'Archive', '.git', 'sets/old'])
    mkdirSync(join(root, d), { recursive: true })
  for (const f of ['b.json', 'a.json', 'set10.json', 'set9.json', 'notes.txt', '.hidden.json'])
    writeFileSync(join(root, f), '{}')
  writeFileSync(join(root, 'sets', 'tangram.json'), '{}')
  symlinkSync(outside, join(root, 'escape'))
  symlinkSync(join(outside, 'secret.json'), join(root, 'secret.json'))
  symlinkSync(join(root, 'sets'), join(root, 'shortcut'))
  symlinkSync(join(outside, 'gone.json'), join(root, 'dangling.json'))
  files = new FileBrowser(root)
})

const refused = (path: string) => expect(() => files.resolve(path)).toThrow(InputError)

describe('the file browser', () => {
  it('resolves paths relative to its folder, or absolute inside it', () => {
    expect(files.root).toBe(root)
    expect(files.resolve('a.json')).toBe(join(root, 'a.json'))
    expect(files.resolve('sets/../sets/tangram.json')).toBe(join(root, 'sets', 'tangram.json'))
    expect(files.resolve(join(root, 'b.json'))).toBe(join(root, 'b.json'))
    expect(files.resolve('.')).toBe(root)
    expect(files.resolve('..not-a-parent.json')).toBe(join(root, '..not-a-parent.json'))
    // Files not written yet, also in folders still to be made.
    expect(files.resolve('new.json')).toBe(join(root, 'new.json'))
    expect(files.resolve('sets/later/new.json')).toBe(join(root, 'sets', 'later', 'new.json'))
    expect(files.resolve('shortcut/tangram.json')).toBe(join(root, 'shortcut', 'tangram.json'))
  })

  it('refuses paths that lead out of its folder', () => {
    refused('..')
    refused('../private/secret.json')
    refused('sets/../../private/secret.json')
    refused(join(outside, 'secret.json'))
    refused('/etc/passwd')
    // A sibling whose name merely starts with the folder's name.
    refused(`${root}-other/x.json`)
  })

  it('refuses symbolic links that lead out of its folder', () => {
    refused('escape')
    refused('escape/secret.json')
    refused('escape/new.json')
    refused('secret.json')
    refused('dangling.json')
    expect(() => files.resolve('escape/secret.json')).toThrow(
      `escape/secret.json: outside the folder ${root}`,
    )
  })

  it('works through a link to its folder', () => {
    const link = join(base, 'link-to-puzzles')
    symlinkSync(root, link)
    const viaLink = new FileBrowser(link)
    expect(viaLink.resolve('sets/tangram.json')).toBe(join(link, 'sets', 'tangram.json'))
    expect(() => viaLink.resolve('escape/secret.json')).toThrow(InputError)
  })

  it('lists folders first, then JSON files, by name, without hidden files or escapes', async () => {
    const listing = await files.list()
    expect(listing.dir).toBe(root)
    expect(listing).not.toHaveProperty('parent')
    expect(listing.entries.map((e) => [e.name, e.kind])).toEqual([
      ['Archive', 'dir'],
      ['figures', 'dir'],
      ['sets', 'dir'],
      ['shortcut', 'dir'],
      ['a.json', 'file'],
      ['b.json', 'file'],
      ['set9.json', 'file'],
      ['set10.json', 'file'],
    ])
    expect(listing.entries[0].path).toBe(join(root, 'Archive'))
  })

  it('lists a subfolder with its parent', async () => {
    const listing = await files.list('sets')
    expect(listing).toEqual({
      dir: join(root, 'sets'),
      parent: root,
      entries: [
        { name: 'old', path: join(root, 'sets', 'old'), kind: 'dir' },
        { name: 'tangram.json', path: join(root, 'sets', 'tangram.json'), kind: 'file' },
      ],
    })
    expect((await files.list(join(root, 'sets', 'old'))).parent).toBe(join(root, 'sets'))
    expect((await files.list('sets/..')).parent).toBeUndefined()
  })

  it('lists the folder of a file it is given, naming the file', async () => {
    const listing = await files.list('sets/tangram.json')
    expect(listing).toMatchObject({
      dir: join(root, 'sets'),
      parent: root,
      file: join(root, 'sets', 'tangram.json'),
    })
    expect(listing.entries.map((e) => e.name)).toEqual(['old', 'tangram.json'])
    expect(await files.list(join(root, 'a.json'))).toMatchObject({
      dir: root,
      file: join(root, 'a.json'),
    })
    expect(await files.list('a.json')).not.toHaveProperty('parent')
    expect(await files.list('sets')).not.toHaveProperty('file')
  })

  it('refuses to list outside its folder, or what is not there', async () => {
    await expect(files.list('..')).rejects.toThrow(`..: outside the folder ${root}`)
    await expect(files.list('escape')).rejects.toThrow(InputError)
    await expect(files.list('secret.json')).rejects.toThrow(InputError)
    await expect(files.list('missing')).rejects.toThrow('missing: no such file or folder')
    await expect(files.list('sets/missing.json')).rejects.toThrow(
      'sets/missing.json: no such file or folder',
    )
  })
})
