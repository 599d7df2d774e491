import { createLateModule } from '#app/lib/late-module.ts'
import { useLateWidget } from '#app/lib/use-late-widget.ts'

const widgets = createLateModule(() => import('./loaded-lead-widgets.tsx'), 'The lead widgets')

/**
 * The exit popup and the mobile call-to-action bar (docs/product.md#exit-popup,
 * #mobile-call-to-action-bar). Neither is needed for a page's first paint, so
 * their code arrives when the browser is idle after load, and renders nothing
 * into the pre-rendered HTML (app/components/README.md, "Late-loaded widgets").
 */
export function LeadWidgets() {
  const [Loaded] = useLateWidget(widgets, { wakeWhenIdle: true })
  return Loaded ? <Loaded /> : null
}
