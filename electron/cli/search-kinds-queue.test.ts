import { describe, expect, it } from 'vitest'
import { compareSets } from '../../shared/compare/compare'
import { bundledSet, cutTangram } from '../../testing/farm-sets'
import { queueWithWorker } from '../../testing/queue-fixture'
import { missingRedis } from '../../testing/redis'
import { runCompare } from '../services/compare-run'
import { parseQueueUrl } from '../services/farm/queue-connection'
import { QueueTransport } from '../services/farm/queue-transport'
import { cliAsync } from './run-cli'

if (missingRedis) console.warn(missingRedis)

/**
 * Pentagons, puzzles and sets compared on the queue (issue 26): the same searches as on this
 * machine's processes, their tasks taken by a queue worker from the real Redis.
 */
describe.skipIf(missingRedis !== undefined)('the searches on the queue', () => {
  const queue = queueWithWorker('--jobs', '1')

  /** The command's JSON on the queue, checked to be what one process here prints. */
  const sameOnQueue = async (...args: string[]): Promise<unknown> => {
    const [queued, here] = await Promise.all([
      cliAsync(...args, '--json', '--no-progress', '--queue', queue.redis.url),
      cliAsync(...args, '--json', '--no-progress', '--jobs', '1'),
    ])
    expect(queued.err).toBe('')
    expect(queued.code).toBe(0)
    expect(JSON.parse(queued.out)).toEqual(JSON.parse(here.out))
    return JSON.parse(queued.out)
  }

  it('pentagons --queue lists what the processes here list', async () => {
    const listed = (await sameOnQueue('pentagons', 'tangram')) as { total: number }
    expect(listed.total).toBe(53)
  }, 300_000)

  // On the lattice, and with pieces at 45° (counted by the exact search).
  it.each(['90', '45'])(
    'puzzles --turns %s --queue finds what the processes here find',
    async (turns) => {
      await sameOnQueue('puzzles', 'tangram', '--unique', '--count', '4', '--turns', turns)
    },
    300_000,
  )

  it('sets compared on the queue make the comparison one process makes', async () => {
    const sets = [bundledSet('tangram'), cutTangram()]
    const transport = await QueueTransport.connect(parseQueueUrl(queue.redis.url))
    try {
      expect(await runCompare({ sets, transport })).toEqual(compareSets(sets))
    } finally {
      await transport.close()
    }
  }, 300_000)
})
