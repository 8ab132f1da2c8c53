/**
 * V8 flags for processes that run searches. The search is a long recursion: its root frame loops
 * for the whole run, so V8 compiles that loop on the stack (OSR). When the optimized search later
 * meets a branch it had no feedback for (the first tiling found, say), it deoptimizes, and with
 * OSR code around V8 was seen to wait seconds before optimizing it again: whole runs went 3×
 * slower, at random (a third of tetrabolo runs took 26 s instead of 8.7 s). Without OSR every run
 * took the fast path; single runs are as fast as before.
 */
export const SOLVER_V8_FLAGS: readonly string[] = ['--no-use-osr']
