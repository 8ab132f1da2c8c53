import { app, session, type WebContents } from 'electron'
import { APP_ORIGIN } from './origin'

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * The Electron security checklist, in one place: a strict CSP on every response, no permissions,
 * no navigation away from the app, no new windows, no webviews.
 */
export function secureSessions(): void {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } })
  })
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) =>
    callback(false),
  )
  app.on('web-contents-created', (_e, contents: WebContents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    contents.on('will-navigate', (e, url) => {
      if (!url.startsWith(`${APP_ORIGIN}/`)) e.preventDefault()
    })
    contents.on('will-redirect', (e, url) => {
      if (!url.startsWith(`${APP_ORIGIN}/`)) e.preventDefault()
    })
    contents.on('will-attach-webview', (e) => e.preventDefault())
  })
}
