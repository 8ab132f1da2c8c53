/**
 * Loads the bundled CJK face (style.css: 'Workbench CJK') before Japanese text is first shown.
 * Chromium does not lay out again every text node drawn while a unicode-range face was still
 * loading: without this, some of the Papers view's Japanese stayed as empty boxes.
 */
export function loadCjkFont(): Promise<unknown> {
  // A face that fails to load leaves the text to the system's fonts, as without it.
  return document.fonts.load('14px "Workbench CJK"', '先').catch(() => undefined)
}
