/** The only origin the app's pages come from (the custom protocol, see index.ts). */
export const APP_ORIGIN = 'app://workbench'

/** Whether an IPC message comes from the app's own page (not from anything else loaded). */
export function trustedSender(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(`${APP_ORIGIN}/`)
}
