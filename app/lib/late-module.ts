// Code that only some visitors need, fetched when first wanted or when the
// browser is idle after load, never with the first paint
// (docs/decisions/012-load-on-first-use.md). React widgets use it through
// useLateWidget (app/lib/use-late-widget.ts).
import { afterLoad, whenIdle } from './idle.ts'

/** A module behind a dynamic import, fetched once for every caller. */
export interface LateModule<M> {
  /** Fetches the module, or returns the fetch under way; a failed fetch is forgotten, so the next call tries again. */
  load(): Promise<M>
  /**
   * Like `load`, but never fails: a failure is logged as one warning and gives
   * undefined (and the next call tries again). For fetching ahead of use, and
   * for callers that keep a stand-in when the code cannot load.
   */
  preload(): Promise<M | undefined>
  /** The module once it has arrived, else undefined: a later mount can render it at once. */
  loaded(): M | undefined
  /**
   * Preloads once the page has loaded and the browser is idle, if `when`
   * (checked then) allows it; returns a function that cancels it.
   */
  preloadWhenIdle(when?: () => boolean): () => void
}

/**
 * Wraps `loader`, a function around a dynamic import
 * (`() => import('./loaded-thing.tsx')`); `name` says in warnings what could
 * not load ("The navigation menus"). Nothing is fetched until `load` or
 * `preload` is called.
 */
export function createLateModule<M>(loader: () => Promise<M>, name: string): LateModule<M> {
  let pending: Promise<M> | undefined
  let preloading: Promise<M | undefined> | undefined
  let module: M | undefined

  const load = () =>
    (pending ??= loader().then(
      (value) => (module = value),
      (error: unknown) => {
        pending = undefined
        throw error
      },
    ))

  // Callers that preload while the same fetch is under way share one warning.
  const preload = () =>
    (preloading ??= load().catch((error: unknown) => {
      preloading = undefined
      console.warn(`${name} could not load`, error)
      return undefined
    }))

  return {
    load,
    preload,
    loaded: () => module,
    preloadWhenIdle(when = () => true) {
      let cancelIdle = () => {}
      const cancelLoad = afterLoad(() => {
        cancelIdle = whenIdle(() => {
          if (when()) void preload()
        })
      })
      return () => {
        cancelLoad()
        cancelIdle()
      }
    },
  }
}
