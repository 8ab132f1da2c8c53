// npm run cli: the command line, run from the build (out/main/cli.js), which is made first when
// its sources changed. The build starts in a fraction of the time the TypeScript sources take.
import nodeModule from 'node:module'
import { ensureBuilt } from './build.mjs'

// Node's compile cache (V8's code cache on disk, in the system's temporary folder or where
// NODE_COMPILE_CACHE says): the build's code is compiled once, not at every start, by this
// process and by the workers it starts, which inherit the setting (farm-worker.ts writes theirs).
// About 40 ms of the command line's start and 20 ms of each worker's. (Node before 22.8 has none.)
const cache = nodeModule.enableCompileCache?.()
if (cache?.directory) process.env.NODE_COMPILE_CACHE = cache.directory

if (!(await ensureBuilt(['main']))) process.exit(1)
await import('../out/main/cli.js')
