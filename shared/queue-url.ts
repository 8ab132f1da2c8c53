import type { Settings } from './api/contract'

/**
 * A queue's URL as the app shows it back: redis://[:password@]HOST:PORT with the password hidden.
 * The settings file keeps it whole (the host needs it to connect); the renderer, the logs and
 * the screen see only this.
 */
export const HIDDEN_PASSWORD = '••••'

/** `redis://user:secret@host:port` → `redis://user:••••@host:port`. */
export function hidePassword(url: string): string {
  return url.replace(/^(redis:\/\/[^:@/]*:)[^@/]+@/, `$1${HIDDEN_PASSWORD}@`)
}

/** A URL edited from the hidden one: a password still hidden is the one kept. */
export function keepPassword(edited: string, kept: string | undefined): string {
  const password = kept && /^redis:\/\/[^:@/]*:([^@/]+)@/.exec(kept)?.[1]
  return password ? edited.replace(`:${HIDDEN_PASSWORD}@`, `:${password}@`) : edited
}

/** The queue runs go to, or undefined: this machine's processes. */
export const queueUrlOf = (s: Settings): string | undefined =>
  s.runOn === 'queue' && s.queueUrl ? s.queueUrl : undefined
