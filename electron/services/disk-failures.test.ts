import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkbenchEvent } from '../../shared/api/contract'
import { documentFromJson } from '../../shared/document/document'
import { parseJson } from '../../shared/formats/load'
import { mountSmallDisk, type SmallDisk } from '../../testing/small-disk'
import { cli } from '../cli/run-cli'
import { DocumentService } from './documents'
import { AppWorkers } from './farm/app-workers'
import { nodeWorkerLauncher, nodeWorkers } from './node-worker'
import { runQueensCount } from './queens/count-run'
import { runKinds } from './run/kinds'
import { RunService } from './run/run-service'
import { SettingsService } from './settings'

/**
 * Every kind of write on a disk that fills up under it (a 64 KiB tmpfs) or is read-only: an error
 * of one line, the old file whole, no temporary file left, no process brought down. Mounting needs
 * root, which CI has.
 */
const disk: SmallDisk | undefined = mountSmallDisk(64)
const locked: SmallDisk | undefined = mountSmallDisk(64)
afterAll(() => {
  disk?.unmount()
  locked?.unmount()
})

const tangramText = readFileSync(
  new URL('../../resources/sets/tangram.json', import.meta.url),
  'utf8',
)
const tangram = documentFromJson(parseJson(tangramText, 'tangram.json'), 'tangram.json')
const big = 'x'.repeat(100_000)

describe.skipIf(!disk)('writes on a full disk', () => {
  const dir = disk?.dir ?? ''
  const files = () => readdirSync(dir).sort()

  beforeAll(() => {
    // Most of the disk taken, the tangram set saved in what is left.
    writeFileSync(join(dir, 'filler'), Buffer.alloc(40 * 1024))
  })

  it('export to a PDF that does not fit: exit 1, one line, no file', () => {
    const pdf = join(dir, 'p.pdf')
    const r = cli('export', 'pentominoes', '--figure', 'rectangle-6x10', '-o', pdf, '--jobs', '1')
    expect(r.err).toBe(`error: ${pdf}: cannot write (the disk is full)\n`)
    expect(r.code).toBe(1)
    expect(r.out).toBe('')
    expect(files()).toEqual(['filler'])
  })

  it('saving a document over an existing set keeps the set whole', async () => {
    const documents = new DocumentService({ autosaveDir: join(dir, 'autosave') })
    const file = join(dir, 'tangram.json')
    await documents.save(file, tangram)
    const before = readFileSync(file, 'utf8')
    const larger = { ...tangram, name: big }
    await expect(documents.save(file, larger)).rejects.toThrow(
      `${file}: cannot save (the disk is full)`,
    )
    expect(readFileSync(file, 'utf8')).toBe(before)
    await expect(
      documents.autosaveWrite('a1', larger.name, JSON.stringify({ document: larger })),
    ).rejects.toThrow(/the disk is full/)
    expect(readdirSync(join(dir, 'autosave'))).toEqual([])
    expect(files()).toEqual(['autosave', 'filler', 'tangram.json'])
  })

  it('settings that do not fit are refused, the old ones kept', async () => {
    const file = join(dir, 'settings.json')
    const settings = new SettingsService({ file, defaults: { workers: 1, recent: [] } })
    await settings.set({ workers: 2 })
    const before = readFileSync(file, 'utf8')
    await expect(settings.addRecent(`/${big}`)).rejects.toThrow(
      `${file}: cannot save the settings (the disk is full)`,
    )
    expect(readFileSync(file, 'utf8')).toBe(before)
    expect(files()).not.toContainEqual(expect.stringMatching(/\.tmp$/))
  })

  it('a queens count whose checkpoint cannot be written stops, saying so', async () => {
    // Fill the disk to the last page, so that even the first checkpoint cannot be written.
    const free = 64 * 1024 - 40 * 1024
    try {
      writeFileSync(join(dir, 'filler2'), Buffer.alloc(free))
    } catch {
      // ENOSPC once the disk is full: as intended.
    }
    const checkpoint = join(dir, 'n10.json')
    await expect(
      runQueensCount({
        n: 10,
        transport: nodeWorkers(1),
        checkpoint,
      }),
    ).rejects.toThrow(`${checkpoint}: cannot write the checkpoint (the disk is full)`)
    expect(files()).not.toContain('n10.json')
  })
})

describe.skipIf(!locked)('writes on a read-only disk', () => {
  const dir = locked?.dir ?? ''
  beforeAll(() => {
    mkdirSync(join(dir, 'queens'))
    locked!.readOnly()
  })

  it('queens count --checkpoint there: exit 1 and one line, before any work', () => {
    const checkpoint = join(dir, 'n10.json')
    const r = cli('queens', 'count', '10', '--checkpoint', checkpoint, '--no-progress')
    expect(r.err).toBe(
      `error: ${checkpoint}: cannot write the checkpoint (the disk is read-only)\n`,
    )
    expect(r.code).toBe(1)
    expect(r.out).toBe('')
  })

  it('convex --checkpoint there: exit 1 and the error alone, no table of zeros above it', () => {
    const checkpoint = join(dir, 'tangram.json')
    const r = cli('convex', 'tangram', '--checkpoint', checkpoint, '--jobs', '1', '--no-progress')
    expect(r.err).toBe(
      `error: ${checkpoint}: cannot write the checkpoint (the disk is read-only)\n`,
    )
    expect(r.code).toBe(1)
    expect(r.out).toBe('')
  })

  it('the app’s count ends as failed, saying why, and the service goes on', async () => {
    const events: WorkbenchEvent[] = []
    const workers = new AppWorkers(nodeWorkerLauncher(), async () => 1)
    const runs = new RunService(workers, (e) => events.push(e), runKinds(dir))
    const ended = () => events.find((e) => e.type === 'run.ended')
    await runs.start({ kind: 'queens', params: { n: 8 } })
    await expect.poll(ended).toBeDefined()
    expect(ended()).toMatchObject({
      outcome: 'failed',
      error: `${join(dir, 'queens', 'queens-8.json')}: cannot write the checkpoint (the disk is read-only)`,
    })
    workers.close()
  })
})
