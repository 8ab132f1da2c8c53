/**
 * Set in a forked worker's environment when the kernel ends it with its parent (Linux's
 * parent-death signal, electron/services/farm/processes.ts): it needs no watcher of its own.
 */
export const PARENT_DEATH_SIGNAL = 'PUZZLE_WORKBENCH_PARENT_DEATH_SIGNAL'
