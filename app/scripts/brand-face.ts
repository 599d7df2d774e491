import brandFontUrl from '@fontsource-variable/funnel-display/files/funnel-display-latin-wght-normal.woff2?url'

/**
 * The brand face on a first visit (docs/decisions/034-brand-typeface.md).
 * The stylesheet's face is `font-display: optional`: a page draws its headings
 * in it only when the file is at hand at the first layout, and otherwise keeps
 * the metric-matched fallback, because a heading that takes another number of
 * lines in the brand face would push what follows it down as the file
 * arrived. The fallback keeps a heading's average width, not its lines: in
 * about one first screen in thirty, some heading changes its line count.
 *
 * So once the file has arrived (the body preloads it), the headings a change
 * of lines could move in view are laid out again in the brand face, out of
 * sight; when every one keeps its height, the page switches to the face, and
 * nothing moves. When one would not, the page keeps the fallback, as it did,
 * and the next page has the file cached.
 */
export const lateBrandFamily = 'Funnel Display Late'

/** h1 to h3 and what takes the `font-display` class, above the bottom of the screen. */
function headingsAboveFold(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('h1, h2, h3, .font-display')].filter(
    (element) => element.getClientRects().length > 0 && element.getBoundingClientRect().top < window.innerHeight,
  )
}

/** The widest line of `element`'s text. */
function textWidth(element: HTMLElement): number {
  const range = document.createRange()
  range.selectNodeContents(element)
  return range.getBoundingClientRect().width
}

/**
 * How `element` would be drawn set in `fontFamily`, beside how it is drawn now: its height (so its
 * lines) and the width of its text, from a copy laid out out of sight.
 */
export function setIn(element: HTMLElement, fontFamily: string): { sameLines: boolean; sameWidth: boolean } {
  const copy = element.cloneNode(true) as HTMLElement
  copy.removeAttribute('id')
  for (const withId of copy.querySelectorAll('[id]')) withId.removeAttribute('id')
  copy.setAttribute('aria-hidden', 'true')
  const { width, boxSizing } = getComputedStyle(element)
  Object.assign(copy.style, {
    position: 'absolute',
    visibility: 'hidden',
    top: '0',
    left: '0',
    margin: '0',
    width,
    boxSizing,
    fontFamily,
  })
  element.after(copy)
  const result = {
    sameLines: copy.getBoundingClientRect().height === element.getBoundingClientRect().height,
    sameWidth: textWidth(copy) === textWidth(element),
  }
  copy.remove()
  return result
}

/** Switches the page to the brand face once its file is here, if that moves no heading in view. */
export async function showBrandFaceWhenItMovesNothing(): Promise<void> {
  if (!('fonts' in document)) return
  const face = new FontFace(lateBrandFamily, `url(${brandFontUrl})`, { weight: '300 800', display: 'swap' })
  try {
    await face.load()
  } catch {
    return
  }
  // After the first frame: measuring needs the page laid out, which that frame does anyway.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
  document.fonts.add(face)
  const root = document.documentElement
  const stack = `'${lateBrandFamily}', ${getComputedStyle(root).getPropertyValue('--font-display')}`
  const headings = headingsAboveFold().map((heading) => setIn(heading, stack))
  // Already drawn in the face (the file was at hand at the first layout): nothing to lay out again.
  if (headings.every((heading) => heading.sameLines && heading.sameWidth)) return
  if (headings.every((heading) => heading.sameLines)) root.style.setProperty('--font-display', stack)
}
