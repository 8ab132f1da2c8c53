import { createServer, connect, type Socket } from 'node:net'

/**
 * A TCP proxy to a local port that delays what passes each way by `delayMs`, as a slow network
 * link does (order kept). `holdReplies()` keeps, besides, once a client waiting in BZPOPMIN
 * (BullMQ's "is there a job?") hears of one, what the server sends on every other connection,
 * until `release()`: a worker behind it then fetches the job, which is its own in Redis while the
 * answer is still on the way, as happens on a slow link.
 */
export interface SlowLink {
  readonly url: string
  holdReplies(): void
  release(): void
  close(): Promise<void>
}

export async function slowLink(port: number, delayMs: number): Promise<SlowLink> {
  let armed = false
  let holding = false
  const held: (() => void)[] = []
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1')
    let blocking = false
    sockets.add(client).add(upstream)
    const pipe = (from: Socket, to: Socket, replies: boolean) =>
      from.on('data', (d: Buffer) => {
        if (!replies && /bzpopmin/i.test(d.toString('latin1'))) blocking = true
        const send = () => {
          // A job (not BZPOPMIN's timeout, a null): the worker fetches it next.
          if (replies && blocking && armed && !/^(_|\*-1)\r\n/.test(d.toString('latin1')))
            holding = true
          return to.writable && to.write(d)
        }
        setTimeout(() => (replies && holding && !blocking ? held.push(send) : send()), delayMs)
      })
    pipe(client, upstream, false)
    pipe(upstream, client, true)
    const end = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('close', end).on('error', end)
    upstream.on('close', end).on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port: own } = server.address() as { port: number }
  return {
    url: `redis://127.0.0.1:${own}`,
    holdReplies: () => void (armed = true),
    release: () => {
      armed = holding = false
      for (const send of held.splice(0)) send()
    },
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
