import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { request, Server } from 'node:http'
import { connect } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import type { WorkbenchEvent } from '../../shared/api/contract'
import { MAX_MESSAGE_BYTES, type WireMessage } from '../../shared/api/wire'
import { LIMITS } from '../../shared/limits'
import type { Workbench } from '../services/workbench'
import { startBrowserHost, type BrowserHost } from './server'

/**
 * Echoes every call back; `listeners` shows who is subscribed to events, `calls` the methods
 * called. A call of 'puzzle.autosave' (a method large messages may carry, which the host checks
 * before they reach the workbench) is answered only after `release()`.
 */
function fakeWorkbench() {
  const listeners = new Set<(e: WorkbenchEvent) => void>()
  const calls: string[] = []
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const workbench: Workbench = {
    async call(method, params) {
      calls.push(String(method))
      if (method === 'puzzle.autosave') await released
      if (method === 'boom') throw new Error('it broke')
      return { ok: true, value: { method, params } as never }
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit(e) {
      for (const l of listeners) l(e)
    },
    close() {},
  }
  return { workbench, listeners, calls, release: () => release() }
}

interface Response {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

let dir: string
let host: BrowserHost
let fake: ReturnType<typeof fakeWorkbench>

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pw-web-'))
  const staticDir = join(dir, 'static')
  await mkdir(join(staticDir, 'assets'), { recursive: true })
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>workbench</title>')
  await writeFile(join(staticDir, 'assets', 'app.js'), 'console.log(1)')
  await writeFile(join(staticDir, 'assets', 'app.css'), 'body{}')
  await writeFile(join(dir, 'secret.txt'), 'SECRET')
  await symlink(join(dir, 'secret.txt'), join(staticDir, 'assets', 'link.txt'))
  fake = fakeWorkbench()
  host = await startBrowserHost({ workbench: fake.workbench, staticDir })
})

afterEach(async () => {
  await host.close()
  await rm(dir, { recursive: true, force: true })
})

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        headers: { Host: `127.0.0.1:${host.port}`, ...headers },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (body += d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

const origin = () => `http://127.0.0.1:${host.port}`

/** Opens a socket; rejects with the HTTP status if the upgrade is refused. */
function open(
  query: string,
  options: { origin?: string; headers?: Record<string, string> } = { origin: origin() },
): Promise<{ ws: WebSocket; messages: WireMessage[]; next(): Promise<WireMessage> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api${query}`, options)
    const messages: WireMessage[] = []
    const waiting: ((m: WireMessage) => void)[] = []
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as WireMessage
      const w = waiting.shift()
      if (w) w(m)
      else messages.push(m)
    })
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.on('error', reject)
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        next: () => {
          const m = messages.shift()
          return m ? Promise.resolve(m) : new Promise((r) => waiting.push(r))
        },
      }),
    )
  })
}

const closed = (ws: WebSocket) =>
  new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)))

describe('HTTP', () => {
  it('serves index.html with the token and sets a strict, HttpOnly cookie', async () => {
    const res = await get(`/?token=${host.token}`)
    expect(res.status).toBe(200)
    expect(res.body).toContain('<title>workbench</title>')
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toContain(`=${host.token}`)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`)
  })

  it('refuses requests without the token or with a wrong one', async () => {
    for (const path of ['/', '/index.html', '/assets/app.js', '/?token=wrong', '/nothing']) {
      const res = await get(path)
      expect(res.status).toBe(403)
      expect(res.body).toMatch(/Forbidden/)
      expect(res.headers['set-cookie']).toBeUndefined()
    }
    const bad = await get('/assets/app.js', { Cookie: `pw-token-${host.port}=${'x'.repeat(32)}` })
    expect(bad.status).toBe(403)
  })

  it('serves assets on the cookie after the first load', async () => {
    const first = await get(`/?token=${host.token}`)
    const cookie = String(first.headers['set-cookie']).split(';')[0]
    const js = await get('/assets/app.js', { Cookie: `other=1; ${cookie}` })
    expect(js.status).toBe(200)
    expect(js.body).toBe('console.log(1)')
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    const css = await get('/assets/app.css', { Cookie: cookie })
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect((await get('/assets/missing.js', { Cookie: cookie })).status).toBe(404)
  })

  it('checks the Host header against DNS rebinding', async () => {
    const evil = await get(`/?token=${host.token}`, { Host: `evil.example:${host.port}` })
    expect(evil.status).toBe(403)
    const otherPort = await get(`/?token=${host.token}`, { Host: '127.0.0.1:1' })
    expect(otherPort.status).toBe(403)
    const local = await get(`/?token=${host.token}`, { Host: `localhost:${host.port}` })
    expect(local.status).toBe(200)
  })

  it('keeps requests inside the static folder', async () => {
    const t = `token=${host.token}`
    for (const path of [
      `/..%2fsecret.txt?${t}`,
      `/assets/..%2f..%2fsecret.txt?${t}`,
      `/../secret.txt?${t}`,
      `/%2e%2e/secret.txt?${t}`,
      `/assets/link.txt?${t}`,
      `/index.html%00.js?${t}`,
      `/%E0%A4%A?${t}`,
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.body).not.toContain('SECRET')
    }
  })

  it('sends the security headers on every response', async () => {
    for (const res of [await get(`/?token=${host.token}`), await get('/'), await get('/x')]) {
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self';")
      expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${host.port};`)
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('no-referrer')
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    }
  })

  it('listens on 127.0.0.1 only', async () => {
    await host.close()
    const listen = vi.spyOn(Server.prototype, 'listen')
    try {
      host = await startBrowserHost({ workbench: fake.workbench, staticDir: join(dir, 'static') })
      expect(listen.mock.calls[0]?.[1]).toBe('127.0.0.1')
    } finally {
      listen.mockRestore()
    }
    const other = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)
    if (other) {
      const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
        const s = connect(host.port, other.address)
        s.on('connect', () => (s.destroy(), resolve(undefined)))
        s.on('error', resolve)
      })
      expect(error?.code).toBe('ECONNREFUSED')
    }
  })
})

describe('WebSocket', () => {
  it('refuses a socket without a valid token', async () => {
    await expect(open('')).rejects.toThrow('HTTP 403')
    await expect(open('?token=wrong')).rejects.toThrow('HTTP 403')
  })

  it('refuses a foreign or missing Origin and a foreign Host', async () => {
    const q = `?token=${host.token}`
    await expect(open(q, { origin: 'http://evil.example' })).rejects.toThrow('HTTP 403')
    await expect(open(q, { origin: `http://127.0.0.1:${host.port + 1}` })).rejects.toThrow(
      'HTTP 403',
    )
    await expect(open(q, {})).rejects.toThrow('HTTP 403')
    await expect(
      open(q, { origin: origin(), headers: { Host: `evil.example:${host.port}` } }),
    ).rejects.toThrow('HTTP 403')
  })

  it('accepts the cookie instead of the query token, and only at /api', async () => {
    const { ws } = await open('', {
      origin: `http://localhost:${host.port}`,
      headers: { Cookie: `pw-token-${host.port}=${host.token}` },
    })
    ws.close()
    const wrongPath = new WebSocket(`ws://127.0.0.1:${host.port}/other?token=${host.token}`, {
      origin: origin(),
    })
    const status = await new Promise<number | undefined>((resolve) => {
      wrongPath.on('unexpected-response', (_req, res) => resolve(res.statusCode))
      wrongPath.on('error', () => resolve(undefined))
    })
    expect(status).toBe(404)
  })

  it('answers a call with its id', async () => {
    const c = await open(`?token=${host.token}`)
    c.ws.send(JSON.stringify({ id: 1, method: 'settings.get', params: { a: 1 } }))
    c.ws.send(JSON.stringify({ id: 2, method: 'boom', params: {} }))
    const replies = [await c.next(), await c.next()]
    expect(replies).toContainEqual({
      id: 1,
      reply: { ok: true, value: { method: 'settings.get', params: { a: 1 } } },
    })
    expect(replies).toContainEqual({ id: 2, reply: { ok: false, error: 'it broke' } })
    c.ws.close()
  })

  it('ignores malformed messages without an id and answers those with one', async () => {
    const c = await open(`?token=${host.token}`)
    c.ws.send('not json')
    c.ws.send('null')
    c.ws.send(JSON.stringify({ method: 'app.info' }))
    c.ws.send(JSON.stringify({ id: 'x', method: 'app.info' }))
    c.ws.send(JSON.stringify({ id: 3 }))
    expect(await c.next()).toEqual({ id: 3, reply: { ok: false, error: expect.any(String) } })
    c.ws.send(JSON.stringify({ id: 4, method: 'app.info' }))
    expect(await c.next()).toMatchObject({ id: 4, reply: { ok: true } })
    expect(c.messages).toEqual([])
    c.ws.close()
  })

  it('closes a socket that sends an oversized message, and carries on', async () => {
    const c = await open(`?token=${host.token}`)
    const code = closed(c.ws)
    c.ws.send('x'.repeat(MAX_MESSAGE_BYTES + 1))
    expect(await code).toBe(1009)
    const d = await open(`?token=${host.token}`)
    d.ws.send(JSON.stringify({ id: 5, method: 'app.info' }))
    expect(await d.next()).toMatchObject({ id: 5 })
    d.ws.close()
  })

  it('reads no further from a socket with 32 MB of messages unanswered, until they are answered', async () => {
    const c = await open(`?token=${host.token}`)
    // A puzzle with its history: 7 texts of 2 MB.
    const state = { kind: 'cards', text: 'x'.repeat(LIMITS.maxFileBytes), name: 'p' }
    const params = { ...state, dirty: true, history: { past: Array(6).fill(state), future: [] } }
    const large = (id: number) => JSON.stringify({ id, method: 'puzzle.autosave', params })
    expect(large(1).length).toBeGreaterThan(MAX_MESSAGE_BYTES * 0.8)
    for (const id of [1, 2, 3]) c.ws.send(large(id))
    await vi.waitFor(() => expect(fake.calls).toHaveLength(3), { timeout: 30_000 })
    c.ws.send(JSON.stringify({ id: 4, method: 'app.info' }))
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(fake.calls).toEqual(Array(3).fill('puzzle.autosave'))
    fake.release()
    const ids = [await c.next(), await c.next(), await c.next(), await c.next()].map((m) =>
      'id' in m ? m.id : undefined,
    )
    expect(ids).toEqual([1, 2, 3, 4])
    expect(fake.calls).toEqual([...Array(3).fill('puzzle.autosave'), 'app.info'])
    c.ws.close()
  })

  it('hands a client’s calls to the workbench in the order sent, a large one read apart', async () => {
    const c = await open(`?token=${host.token}`)
    const text = 'x'.repeat(LIMITS.maxFileBytes)
    const save = (id: number, params: object) =>
      c.ws.send(JSON.stringify({ id, method: 'puzzle.save', params: { path: 'p.txt', ...params } }))
    save(1, { text })
    save(2, { text, extra: text })
    c.ws.send(JSON.stringify({ id: 3, method: 'app.info' }))
    const replies = [await c.next(), await c.next(), await c.next()]
    // The large call was checked before it reached the workbench: a bad one never does.
    expect(replies).toContainEqual({
      id: 2,
      reply: { ok: false, error: expect.stringMatching(/^puzzle\.save: bad parameters/) },
    })
    expect(fake.calls).toEqual(['puzzle.save', 'app.info'])
    c.ws.close()
  })

  it('delivers events to every open socket and unsubscribes on close', async () => {
    const a = await open(`?token=${host.token}`)
    const b = await open(`?token=${host.token}`)
    expect(fake.listeners.size).toBe(2)
    const event: WorkbenchEvent = { type: 'menu', command: 'open' }
    fake.workbench.emit(event)
    expect(await a.next()).toEqual({ event })
    expect(await b.next()).toEqual({ event })
    const gone = closed(a.ws)
    a.ws.close()
    await gone
    await vi.waitFor(() => expect(fake.listeners.size).toBe(1))
    b.ws.close()
  })

  it('close() ends open sockets and stops listening', async () => {
    const c = await open(`?token=${host.token}`)
    const code = closed(c.ws)
    await host.close()
    expect(await code).toBeGreaterThan(0)
    expect(fake.listeners.size).toBe(0)
    await expect(get(`/?token=${host.token}`)).rejects.toThrow(/ECONNREFUSED/)
  })
})
