import { spawn, spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mountSmallDisk } from '../../testing/small-disk'
import { removeLeftovers, removeStaleTemps, saveFile, writeFileAtomic } from './atomic-write'

const dir = mkdtempSync(join(tmpdir(), 'pw-atomic-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A pid that no process has: one of a process that has ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  })
  return Number(r.stdout)
}

describe('atomic writes', () => {
  it('replace a file whole and keep its permissions', async () => {
    const file = join(dir, 'set.json')
    writeFileSync(file, 'old', { mode: 0o600 })
    await writeFileAtomic(file, 'new content')
    expect(readFileSync(file, 'utf8')).toBe('new content')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    await writeFileAtomic(file, Buffer.from([1, 2, 3]))
    expect([...readFileSync(file)]).toEqual([1, 2, 3])
    expect(readdirSync(dir)).toEqual(['set.json'])
  })

  it('fail, leaving the old file whole, when a write takes only part of the data', () => {
    // RLIMIT_FSIZE behaves as a nearly full disk does, without root: the write that crosses the
    // limit takes part of its bytes, the next fails (EFBIG, where a full disk gives ENOSPC).
    const file = join(dir, 'limited.pdf')
    writeFileSync(file, 'the good file')
    const script = `
      const { saveFile } = await import(${JSON.stringify(new URL('./atomic-write.ts', import.meta.url).href)})
      try { await saveFile(${JSON.stringify(file)}, Buffer.alloc(200_000, 65)); console.log('wrote') }
      catch (e) { console.log(e.message) }`
    const r = spawnSync(
      'bash',
      [
        '-c',
        `trap '' XFSZ; ulimit -f 64; exec "${process.execPath}" --import tsx --input-type=module -e "$0"`,
        script,
      ],
      { encoding: 'utf8' },
    )
    expect(r.stdout.trim()).toBe(
      `${file}: cannot write (the file is larger than this disk or a limit allows)`,
    )
    expect(readFileSync(file, 'utf8')).toBe('the good file')
    expect(readdirSync(dir).filter((f) => f.includes('limited'))).toEqual(['limited.pdf'])
  })

  it('remove the temporary files of killed writes, and only those', async () => {
    const sub = mkdtempSync(join(dir, 'temps-'))
    const dead = deadPid()
    const stale = `.p.pdf.${dead}-1.tmp`
    const ours = `.p.pdf.${process.pid}-99.tmp`
    const other = `.q.pdf.${dead}-1.tmp`
    for (const f of [stale, ours, other, 'p.pdf.1234']) writeFileSync(join(sub, f), 'x')
    // A write to p.pdf clears p.pdf's leftovers…
    await writeFileAtomic(join(sub, 'p.pdf'), 'pdf')
    expect(readdirSync(sub).sort()).toEqual([ours, other, 'p.pdf', 'p.pdf.1234'].sort())
    // …and a start clears every one in the folder.
    expect(await removeStaleTemps(sub)).toEqual([join(sub, other)])
    expect(existsSync(join(sub, ours))).toBe(true)
  })

  it('are cleared at start in the data folder, its subfolders and the documents folders', async () => {
    const data = mkdtempSync(join(dir, 'data-'))
    const docs = mkdtempSync(join(dir, 'docs-'))
    const dead = deadPid()
    const leftovers = [
      join(data, `.settings.json.${dead}-1.tmp`),
      join(data, 'autosave', `.a1.json.${dead}-2.tmp`),
      join(data, 'autosave', 'edge-matching', `.puzzle.json.${dead}-3.tmp`),
      join(data, 'queens', `.queens-16.json.${dead}-4.tmp`),
      join(docs, `.p.pdf.${dead}-5.tmp`),
    ]
    for (const f of leftovers) {
      mkdirSync(dirname(f), { recursive: true })
      writeFileSync(f, 'x')
    }
    expect((await removeLeftovers(data, [docs])).sort()).toEqual([...leftovers].sort())
    expect(leftovers.filter((f) => existsSync(f))).toEqual([])
  })

  it('leave the old file or the new one when the writer is killed at any moment', async () => {
    const file = join(dir, 'killed.json')
    const old = JSON.stringify({ v: 'old', pad: 'o'.repeat(100_000) })
    const next = JSON.stringify({ v: 'new', pad: 'n'.repeat(100_000) })
    writeFileSync(file, old)
    const script = `
      const { writeFileAtomic } = await import(${JSON.stringify(new URL('./atomic-write.ts', import.meta.url).href)})
      for (;;) await writeFileAtomic(${JSON.stringify(file)}, ${JSON.stringify(next)})`
    for (const delay of [150, 400, 700]) {
      const child = spawn(process.execPath, [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        script,
      ])
      await new Promise((r) => setTimeout(r, delay))
      child.kill('SIGKILL')
      await new Promise((r) => child.once('exit', r))
      expect([old, next]).toContain(readFileSync(file, 'utf8'))
    }
    await removeStaleTemps(dir)
    expect(readdirSync(dir).filter((f) => f.includes('killed'))).toEqual(['killed.json'])
  })
})

describe.skipIf(!canMount())('on a full disk (a 64 KiB tmpfs; needs root)', () => {
  it('a save fails in one line, the old file stays whole and no temporary file is left', async () => {
    const disk = mountSmallDisk(64)!
    try {
      const file = join(disk.dir, 'set.json')
      writeFileSync(file, 'the good file')
      const error = await saveFile(file, 'x'.repeat(200_000), 'save').then(
        () => 'saved',
        (e: Error) => e.message,
      )
      expect(error).toBe(`${file}: cannot save (the disk is full)`)
      expect(readFileSync(file, 'utf8')).toBe('the good file')
      expect(readdirSync(disk.dir)).toEqual(['set.json'])
    } finally {
      disk.unmount()
    }
  })
})

function canMount(): boolean {
  const disk = mountSmallDisk(4)
  disk?.unmount()
  return disk !== undefined
}
