/** A run's end as an edge-matching count ends: done, with these counts as the run sends them. */
export const doneWithCounts = (counts: {
  fixed: bigint | number
  upToRotation: bigint | number
}) => ({
  outcome: 'done',
  result: { fixed: String(counts.fixed), upToRotation: String(counts.upToRotation) },
})
