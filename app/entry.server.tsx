import { renderToReadableStream } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'

/** How long a page may take to render before the build gives up on it. */
export const streamTimeout = 5_000

/**
 * Renders a page to HTML at build time (every page is pre-rendered,
 * docs/decisions/001). It waits for the whole page before sending anything,
 * as React advises for static generation: no part arrives out of order, so
 * the HTML carries no script to reveal late parts, and every part of the page
 * is in place for a visitor without JavaScript.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  let status = responseStatusCode
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      status = 500
      console.error(error)
    },
  })
  await body.allReady
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(body, { headers: responseHeaders, status })
}
