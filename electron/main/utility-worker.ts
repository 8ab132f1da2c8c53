import { utilityProcess } from 'electron'
import type { LaunchWorker } from '../services/farm/processes'
import type { FromFarmWorker } from '../worker/protocol'
import { SOLVER_V8_FLAGS } from '../services/v8-flags'

/** Farm workers as Electron utility processes (the app's counterpart of child_process.fork). */
export function utilityWorkerLauncher(entry: string, serviceName: string): LaunchWorker {
  return () => {
    const child = utilityProcess.fork(entry, [], {
      serviceName,
      execArgv: [...SOLVER_V8_FLAGS],
      stdio: 'ignore',
    })
    return {
      get pid() {
        return child.pid
      },
      send: (m) => child.postMessage(m),
      onMessage: (l) => {
        const f = (m: unknown) => l(m as FromFarmWorker)
        child.on('message', f)
        return () => child.off('message', f)
      },
      onExit: (l) => {
        const f = (code: number) => l(code, code === 0 ? null : 'killed or crashed')
        child.on('exit', f)
        return () => child.off('exit', f)
      },
      kill: () => {
        child.kill()
      },
    }
  }
}
