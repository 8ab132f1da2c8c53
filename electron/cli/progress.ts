import cliProgress from 'cli-progress'
import type { RunProgress } from '../services/tiling-runner'
import { formatCount, formatDuration } from '../services/tiling-runner'

/**
 * A progress bar on stderr for long runs: it appears only on a terminal, only after half a
 * second, and never touches stdout, which carries the program's output alone.
 */
export function progressBar(enabled: boolean): {
  update: (p: RunProgress) => void
  stop: () => void
} {
  if (!enabled || !process.stderr.isTTY) return { update: () => {}, stop: () => {} }
  let bar: cliProgress.SingleBar | undefined
  return {
    update: (p) => {
      if (!bar && p.elapsedMs < 500) return
      const payload = {
        placements: formatCount(p.placements),
        solutions: p.solutions.toLocaleString('en'),
        left: p.etaSeconds === undefined ? '…' : formatDuration(p.etaSeconds),
      }
      if (!bar) {
        bar = new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format:
              '{bar} {percentage}% | {placements} placements | {solutions} tilings | {left} left',
            hideCursor: true,
            clearOnComplete: true,
          },
          cliProgress.Presets.shades_classic,
        )
        bar.start(1000, 0, payload)
      }
      bar.update(Math.round(p.fraction * 1000), payload)
    },
    stop: () => bar?.stop(),
  }
}
