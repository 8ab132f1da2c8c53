/**
 * Sizes beyond which the workbench refuses work with an estimate instead of running out of
 * memory or time. Chosen far above any physical puzzle and far below what breaks a desktop.
 */
export const LIMITS = {
  /** Largest |x| or |y| of a vertex. */
  maxCoordinate: 10_000,
  /** Most vertices in one polygon. */
  maxVertices: 10_000,
  /** Most vertices in a piece set or document, every piece and figure together. */
  maxSetVertices: 100_000,
  /** Most figures saved with a piece set. */
  maxFigures: 1_000,
  /** Largest file the workbench reads (piece sets, figures, puzzles): a bundled one is a few kB. */
  maxFileBytes: 2_000_000,
  /** Most half-square triangles in a figure or a piece set (a 200×200 square has 80 000). */
  maxArea: 100_000,
  /** Most pieces in a set, copies counted. */
  maxPieces: 2_000,
  /** Most placements the exact-cover matrix may hold (about 1 GB of nodes at the limit). */
  maxPlacements: 4_000_000,
  /** Most nodes (placement × triangle) in the exact-cover matrix. */
  maxMatrixNodes: 60_000_000,
  /** Largest area for which `outlines` lists convex outlines. */
  maxOutlineArea: 5_000,
} as const
