/**
 * V8 flags for processes that run searches. The search is a long recursion: its root frame loops
 * for the whole run, so V8 compiles that loop on the stack (OSR). When the optimized search later
 * meets a branch it had no feedback for (the first tiling found, say), it deoptimizes, and with
 * OSR code around V8 was seen to wait seconds before optimizing it again: whole runs went 3×
 * slower, at random (a third of tetrabolo runs took 26 s instead of 8.7 s). Without OSR every run
 * took the fast path; single runs are as fast as before.
 *
 * The young generation is capped at half V8's default (semi-spaces of 8 MiB, not 16): searches
 * that allocate (the exact search off the lattice, the set explorer) otherwise grow it to its
 * largest, 16 MiB more a process; the 1,000-figure count through the CLI went from 287–308 to
 * 274–277 MiB for the CLI and its two workers, and `design --area 16 --pieces 7` ran as fast
 * (medians of 6 alternated runs 4.19 and 4.28 s on a loaded machine).
 */
export const SOLVER_V8_FLAGS: readonly string[] = ['--no-use-osr', '--max-semi-space-size=8']
