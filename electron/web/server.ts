import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, isAbsolute, join, relative, sep } from 'node:path'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { MAX_MESSAGE_BYTES, type WireMessage } from '../../shared/api/wire'
import type { Workbench } from '../services/workbench'
import { MessageReader } from './message-reader'
import type { ReadMessage } from './read-message'

/**
 * The browser host: serves the built renderer and carries the workbench API over a WebSocket, so
 * the app runs in an ordinary browser. Anything on the machine can reach a local port, and any
 * web page can try to, so every request needs the per-run token (in the URL printed at start,
 * then in a cookie), the right Host (DNS rebinding) and, for the socket, our own Origin.
 */
export interface BrowserHost {
  readonly url: string
  readonly port: number
  readonly token: string
  close(): Promise<void>
}

export interface BrowserHostOptions {
  readonly workbench: Workbench
  readonly staticDir: string
  /** 0 (the default) picks a free port. */
  readonly port?: number
  /** At least 16 base64url characters; a fresh random one per run by default. */
  readonly token?: string
}

/**
 * Bytes of one client's messages being answered at once: beyond it the socket is read no further
 * until answers are out, so a client sending message after message cannot exhaust memory either.
 */
const MAX_IN_FLIGHT = 2 * MAX_MESSAGE_BYTES

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

export async function startBrowserHost(opts: BrowserHostOptions): Promise<BrowserHost> {
  const token = opts.token ?? randomBytes(24).toString('base64url')
  // The token doubles as the cookie value, so it must be cookie-safe; short ones are guessable.
  if (!/^[A-Za-z0-9_-]{16,}$/.test(token)) {
    throw new Error('the browser host token must be at least 16 base64url characters')
  }
  const root = await realpath(opts.staticDir)
  const digest = (s: string) => createHash('sha256').update(s).digest()
  const expected = digest(token)
  // Hashing first makes the comparison constant-time whatever the candidate's length.
  const isToken = (s: string | undefined) => s !== undefined && timingSafeEqual(digest(s), expected)

  const server = createServer()
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  // Cookies ignore ports: naming ours after the port keeps two hosts on this machine apart.
  const cookieName = `pw-token-${port}`
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`])
  const origins = new Set([...hosts].map((h) => `http://${h}`))
  const securityHeaders: Record<string, string> = {
    'Content-Security-Policy':
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
      `img-src 'self' data: blob:; connect-src 'self' ws://127.0.0.1:${port}; object-src 'none'; ` +
      "base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }

  const hostOk = (req: IncomingMessage) => hosts.has((req.headers.host ?? '').toLowerCase())
  const cookieToken = (req: IncomingMessage) => {
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=')
      if (eq > 0 && part.slice(0, eq).trim() === cookieName) return part.slice(eq + 1).trim()
    }
    return undefined
  }
  const parseUrl = (req: IncomingMessage) => new URL(req.url ?? '/', 'http://127.0.0.1')

  const sendText = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, {
      ...securityHeaders,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    })
    res.end(text)
  }

  /** The file under root a URL path names, or undefined if it leaves root or does not exist. */
  const resolveFile = async (pathname: string) => {
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return undefined
    }
    if (decoded.includes('\0')) return undefined
    const candidate = join(root, decoded.endsWith('/') ? `${decoded}index.html` : decoded)
    try {
      // realpath also catches a symlink inside root that points out of it.
      const real = await realpath(candidate)
      const rel = relative(root, real)
      if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined
      const info = await stat(real)
      return info.isFile() ? { path: real, size: info.size } : undefined
    } catch {
      return undefined
    }
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (!hostOk(req)) return sendText(res, 403, 'Forbidden: unexpected Host header.\n')
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('Allow', 'GET, HEAD')
        return sendText(res, 405, 'Method not allowed.\n')
      }
      const url = parseUrl(req)
      const fromQuery = isToken(url.searchParams.get('token') ?? undefined)
      if (!fromQuery && !isToken(cookieToken(req))) {
        return sendText(res, 403, 'Forbidden: open the address Puzzle Workbench printed.\n')
      }
      const file = await resolveFile(url.pathname)
      if (!file) return sendText(res, 404, 'Not found.\n')
      res.writeHead(200, {
        ...securityHeaders,
        'Content-Type':
          CONTENT_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': file.size,
        'Cache-Control': 'no-cache',
        ...(fromQuery
          ? { 'Set-Cookie': `${cookieName}=${token}; Path=/; HttpOnly; SameSite=Strict` }
          : {}),
      })
      if (req.method === 'HEAD') return res.end()
      createReadStream(file.path)
        .on('error', () => res.destroy())
        .pipe(res)
    })().catch(() => {
      if (!res.headersSent) sendText(res, 500, 'Internal error.\n')
      else res.destroy()
    })
  })

  const refuse = (socket: Duplex, status: 403 | 404, text: string) => {
    const headers = {
      ...securityHeaders,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
      Connection: 'close',
    }
    const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`)
    socket.end(
      `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Not Found'}\r\n${head.join('')}\r\n${text}`,
    )
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const url = parseUrl(req)
    if (url.pathname !== '/api') return refuse(socket, 404, 'Not found.\n')
    const tokenOk = isToken(url.searchParams.get('token') ?? undefined) || isToken(cookieToken(req))
    // Browsers always send Origin on a WebSocket; without our own, the page is someone else's.
    if (!hostOk(req) || !tokenOk || !origins.has(req.headers.origin ?? '')) {
      return refuse(socket, 403, 'Forbidden.\n')
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
  })

  const send = (ws: WebSocket, message: WireMessage) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message))
  }

  const reader = new MessageReader()
  wss.on('connection', (ws: WebSocket) => {
    const unsubscribe = opts.workbench.onEvent((event) => send(ws, { event }))
    ws.on('close', unsubscribe)
    // An oversized or broken frame ends this socket (without a listener it would end the process):
    // ws is closing it already, with a code that tells the client why (1009: too large).
    ws.on('error', () => {
      if (ws.readyState !== WebSocket.CLOSING) ws.terminate()
    })
    let inFlight = 0
    // A client's calls reach the workbench in the order sent, however long each took to read:
    // an autosave's discard must not overtake the write before it.
    let reading: Promise<unknown> = Promise.resolve()
    ws.on('message', (data: RawData) => {
      // With the default binaryType every message arrives as one Buffer.
      const bytes = (data as Buffer).length
      inFlight += bytes
      if (inFlight > MAX_IN_FLIGHT) ws.pause()
      const read = reading.then(() => reader.read(data as Buffer))
      reading = read
      void read
        .then((message) => answer(ws, message))
        .finally(() => {
          inFlight -= bytes
          if (inFlight <= MAX_IN_FLIGHT) ws.resume()
        })
    })
  })

  const answer = async (ws: WebSocket, message: ReadMessage) => {
    if (!message) return
    const { id } = message
    if ('error' in message) return send(ws, { id, reply: { ok: false, error: message.error } })
    // The workbench rejects unknown methods and bad parameters with an error reply of its own.
    const reply = await opts.workbench
      .call(message.method, message.params)
      .catch((e: unknown) => ({ ok: false as const, error: String((e as Error)?.message ?? e) }))
    send(ws, { id, reply })
  }

  let closing: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close() {
      closing ??= (async () => {
        for (const ws of wss.clients) ws.terminate()
        await reader.close()
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Keep-alive connections would otherwise hold close() open.
          server.closeAllConnections()
        })
      })()
      return closing
    },
  }
}
