import { MAX_LEAD_BYTES } from '#server/leads/intake.ts'

/**
 * What a refused form post sent, for its page to show again: read only when
 * the post says it is at most MAX_LEAD_BYTES long, the most any write takes
 * (astro.config.ts, `actionBodySizeLimit`). A post past the rate limit was
 * refused before anything read it (app/middleware.ts), and one too large or
 * of unknown length is not read at all: its page comes back empty rather than
 * parse a body of any size. A body that is no form gives an empty form.
 */
export async function sentForm(request: Request): Promise<FormData> {
  const length = Number(request.headers.get('content-length') ?? Number.NaN)
  if (!(length <= MAX_LEAD_BYTES)) return new FormData()
  return request
    .clone()
    .formData()
    .catch(() => new FormData())
}
