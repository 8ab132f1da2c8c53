// npm run cli: the command line, run from the build (out/main/cli.js), which is made first when
// its sources changed. The build starts in a fraction of the time the TypeScript sources take.
import { ensureBuilt } from './build.mjs'

if (!(await ensureBuilt(['main']))) process.exit(1)
await import('../out/main/cli.js')
