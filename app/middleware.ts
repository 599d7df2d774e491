import { ActionError, getActionContext } from 'astro:actions'
import { defineMiddleware } from 'astro:middleware'
import type { APIContext, MiddlewareNext } from 'astro'
import { UNREADABLE_FORM } from '#app/lib/leads/lead-constants.ts'
import { LEAD_API } from '#app/lib/leads/send-lead.ts'
import { sameSite } from '#server/leads/intake.ts'
import { encodedPage } from '#server/http/page-encoding.ts'
import { retryAfterSeconds } from '#server/store/rate-limit.ts'

/** What a visitor past the limit reads, beside the form they sent. */
export const TOO_MANY_WRITES = 'Too many submissions from your address: try again in a minute.'

/**
 * Whether a post that says it is a form parses as one (at most MAX_POST_BYTES,
 * server/http/pages.ts); one that says it is something else is Astro's to
 * refuse (415).
 */
const readsAsForm = (request: Request) =>
  !/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(request.headers.get('Content-Type') ?? '') ||
  request
    .clone()
    .formData()
    .then(
      () => true,
      () => false,
    )

/**
 * The content editor's own routes, which exist only under `npm run cms`
 * (astro.config.ts): its page and the API that writes content/ in the checkout.
 */
const CONTENT_EDITOR_ROUTES = new Set(['/keystatic/[...params]', '/api/keystatic/[...params]'])

/**
 * What Astro answers on demand passes here: a write is checked first
 * (`checkedWrite`), and a page is encoded for the browser
 * (server/http/page-encoding.ts), before the memory cache keeps it
 * (astro.config.ts). Pre-rendered pages pass.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered || CONTENT_EDITOR_ROUTES.has(context.routePattern)) return next()
  return encodedPage(await checkedWrite(context, next), context.request.headers.get('Accept-Encoding'))
})

/**
 * The checks every write passes once, before its action runs
 * (docs/decisions/045-astro-owns-pages-forms-and-content.md): an action called by
 * a form post or by an island, and `POST /api/leads`, which calls the lead
 * actions. A post from another site is refused (403); past the rate limit, the
 * action is not run: a form post gets its page back with the message beside
 * the form, the others a 429, each with Retry-After.
 */
async function checkedWrite(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { action, setActionResult, serializeActionResult } = getActionContext(context)
  const post = context.request.method === 'POST'
  const endpoint = post && context.url.pathname === LEAD_API
  // A page takes a post only for one of its actions (`?_action=`): any other would render the form
  // again and store nothing, as if it were sent.
  if (post && !action && !endpoint)
    return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, HEAD' } })
  if (!action && !endpoint) return next()

  const { services } = context.locals
  if (!sameSite(context.request.headers, services.siteOrigin))
    return new Response('Messages and bookings are taken from this site only', { status: 403 })
  // A form post whose body is no form (a broken multipart body, which no browser sends): the page
  // cannot be drawn again around it, as Astro's React renderer reads the body for each component.
  if (action?.calledFrom === 'form' && !(await readsAsForm(context.request)))
    return new Response(UNREADABLE_FORM, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

  const decision = await services.writeLimiter.hit(context.clientAddress, services.now())
  if (decision.allowed) return next()
  const retryAfter = retryAfterSeconds(decision.retryAfterMs)
  const refusal = serializeActionResult({
    data: undefined,
    error: new ActionError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_WRITES }),
  })
  if (action?.calledFrom === 'form') {
    setActionResult(action.name, refusal)
    const page = await next()
    page.headers.set('Retry-After', retryAfter)
    return page
  }
  const headers = { 'Retry-After': retryAfter }
  if (!action) return Response.json({ error: TOO_MANY_WRITES }, { status: 429, headers })
  return new Response(refusal.type === 'error' ? refusal.body : null, {
    status: 429,
    headers: { 'Content-Type': refusal.type === 'error' ? refusal.contentType : 'text/plain', ...headers },
  })
}
