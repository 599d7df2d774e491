import { checklistPath } from '../site/navigation.ts'
import { page } from '../site/registry.ts'

// Which pages the shell gives the exit popup and the mobile call-to-action bar
// (app/layouts/site-layout.astro; docs/product.md#exit-popup,
// #mobile-call-to-action-bar). A page without them ships none of their code.

/** Pages where the popup would interrupt what the visitor came to do, or offer what they already have. */
const noPopupPaths = new Set([
  page('/contact').path,
  page('/thank-you').path,
  checklistPath,
  page('/book').path,
  page('/book/manage').path,
])
/** Pages that are already the call to action. */
const noBarPaths = new Set([
  page('/contact').path,
  page('/thank-you').path,
  page('/book').path,
  page('/book/manage').path,
])

export const popupAllowedOn = (path: string) => !noPopupPaths.has(path)
export const barAllowedOn = (path: string) => !noBarPaths.has(path)
