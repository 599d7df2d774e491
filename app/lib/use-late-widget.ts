import { startTransition, useEffect, useEffectEvent, useState, type ComponentType } from 'react'
import type { LateModule } from './late-module.ts'

export interface LateWidgetOptions {
  /**
   * Fetch the code ahead, once the page has loaded and the browser is idle,
   * if this condition (checked then) holds: `() => true`, or say that the
   * widget is shown at all, `() => element.getClientRects().length > 0`.
   * Without it the code is fetched on the first `wake`.
   */
  preloadWhenIdle?: () => boolean
  /**
   * Wake the widget once the page has loaded and the browser is idle: for
   * widgets that watch for their moment themselves (the exit popup).
   */
  wakeWhenIdle?: boolean
}

/**
 * What useLateWidget returns: the loaded component, null until the widget has
 * been woken and its code has arrived (render the stand-in meanwhile); and
 * `wake`, which loads the code (or takes the fetch under way) and swaps the
 * component in inside startTransition, so the swap never holds up a visitor's
 * input. Call `wake` on the first use; calling it again is harmless. If the
 * code fails to load, the stand-in stays and the next call tries again.
 */
export type LateWidget<P> = [Loaded: ComponentType<P> | null, wake: () => void]

/**
 * A widget whose code loads late (docs/decisions/012-load-on-first-use.md;
 * app/components/README.md, "Late-loaded widgets"). The caller renders a
 * stand-in while `Loaded` is null and keeps what the visitor did meanwhile
 * in its own state, to hand to `Loaded` as props.
 */
export function useLateWidget<P>(
  late: LateModule<{ default: ComponentType<P> }>,
  { preloadWhenIdle, wakeWhenIdle }: LateWidgetOptions = {},
): LateWidget<P> {
  // Code that arrived for an earlier mount renders at once, with no flash of
  // the stand-in. On a page's first render nothing has been fetched yet, so
  // the hydrated HTML always matches the stand-in.
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => late.loaded()?.default ?? null)

  // The code is fetched outside React, so a page navigation started meanwhile
  // neither waits for it nor fails with it. If it fails (preload has logged
  // it), the stand-in stays and the next wake tries again. Once unmounted,
  // the update is dropped; the module stays for the next mount.
  const wake = () =>
    void late.preload().then((module) => {
      if (module) startTransition(() => setLoaded(() => module.default))
    })

  const shouldPreload = useEffectEvent(() => {
    if (wakeWhenIdle) wake()
    return preloadWhenIdle?.() ?? false
  })
  const preloading = preloadWhenIdle !== undefined || wakeWhenIdle
  useEffect(() => {
    if (!preloading) return
    return late.preloadWhenIdle(shouldPreload)
  }, [late, preloading])

  return [Loaded, wake]
}
