// For tests: stand-ins for requestIdleCallback and cancelIdleCallback that
// run the queued callbacks only when the test says the browser is idle.

export function fakeIdleCallbacks() {
  const callbacks = new Map<number, () => void>()
  let next = 1
  Object.defineProperty(window, 'requestIdleCallback', {
    configurable: true,
    value: (callback: () => void) => {
      callbacks.set(next, callback)
      return next++
    },
  })
  Object.defineProperty(window, 'cancelIdleCallback', {
    configurable: true,
    value: (id: number) => callbacks.delete(id),
  })
  return {
    /** Runs every callback queued so far, as an idle period would. */
    runIdle() {
      const pending = [...callbacks.values()]
      callbacks.clear()
      for (const callback of pending) callback()
    },
    restore() {
      Reflect.deleteProperty(window, 'requestIdleCallback')
      Reflect.deleteProperty(window, 'cancelIdleCallback')
    },
  }
}
