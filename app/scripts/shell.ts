// The behavior of every page's shell (app/layouts/site-layout.astro): a few
// lines each, no framework. The islands are the React parts.
import { recordLanding } from './landing.ts'
import { watchBackToTop } from './back-to-top.ts'
import { showBrandFaceWhenItMovesNothing } from './brand-face.ts'
import { watchMenus } from './menus.ts'
import { watchMobileMenu } from './mobile-menu.ts'
import { schedulePrefetch } from './prefetch.ts'
import { watchThemeToggles } from './theme-toggles.ts'

watchThemeToggles()
watchMenus()
watchMobileMenu()
watchBackToTop()
schedulePrefetch(document.body)
void showBrandFaceWhenItMovesNothing()

// Where the visit landed, with its utm_* parameters, for a lead sent later in
// this tab (docs/product.md#lead-capture).
try {
  recordLanding({ url: window.location.href, referrer: document.referrer, storage: sessionStorage })
} catch {
  // sessionStorage itself can throw when storage is off.
}
