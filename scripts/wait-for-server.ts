// For the benchmark scripts: waits until a server they started answers.
import { get } from 'node:https'

/**
 * Resolves once `url` answers 2xx; throws after `tries` attempts `intervalMs`
 * apart. `ca` is the certificate to trust for an https URL served with a local one.
 */
export async function waitForServer(
  url: string,
  { tries = 100, intervalMs = 100, ca }: { tries?: number; intervalMs?: number; ca?: Buffer } = {},
): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    const up = await (ca ? answersOverTls(url, ca) : fetch(url).then((response) => response.ok)).catch(() => false)
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`The server at ${url} did not start`)
}

function answersOverTls(url: string, ca: Buffer): Promise<boolean> {
  return new Promise((resolve, reject) => {
    get(url, { ca }, (response) => {
      response.resume()
      resolve((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300)
    }).on('error', reject)
  })
}
