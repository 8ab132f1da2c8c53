// npm run web: the browser host from the build (out/main/web-host.js, serving out/renderer),
// which is made first when its sources changed.
import { ensureBuilt } from './build.mjs'

if (!(await ensureBuilt(['main', 'renderer']))) process.exit(1)
await import('../out/main/web-host.js')
