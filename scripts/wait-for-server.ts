// For the benchmark scripts: waits until a server they started answers.

/** Resolves once `url` answers 2xx; throws after `tries` attempts `intervalMs` apart. */
export async function waitForServer(url: string, { tries = 100, intervalMs = 100 } = {}): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`The server at ${url} did not start`)
}
