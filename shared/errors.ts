/**
 * A problem with what the user gave us: a file, a piece, a figure, a size. Its message is one
 * sentence meant for the user; callers add where it came from (file, piece) in front.
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InputError'
  }
}

/** A search estimated to take far too long; callers may offer to run it anyway. */
export class SearchTooLargeError extends InputError {
  constructor(
    message: string,
    readonly estimatedNodes: number,
    /** The estimate's spread, a factor. */
    readonly estimatedSpread: number,
  ) {
    super(message)
    this.name = 'SearchTooLargeError'
  }
}

/**
 * A run that could not finish for a reason outside the input: a worker process died, a disk
 * failed. Its message is one line for the user, saying what was kept.
 */
export class RunError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RunError'
  }
}
