/**
 * What the grader's network layer (`safe-fetch.ts`) hands the checks
 * (`checks.ts`): one response, read within the caps, or why there is none.
 */

/** One HTTP response the grader read. */
export interface Fetched {
  /** The URL asked for first. */
  requestedUrl: string
  /** The URL that answered, after the redirects followed. */
  url: string
  status: number
  /** Response headers, names lowercased, repeated ones joined with ", " (`set-cookie` with "\n"). */
  headers: Record<string, string>
  /** The body, decoded (gzip, deflate, br), at most the cap; empty for HEAD. */
  body: Buffer
  /** Bytes on the wire before decoding, counted up to the cap. */
  transferBytes: number
  /** The body went past the cap (on the wire or decoded): reading stopped there. */
  truncated: boolean
  /** Each redirect followed, in order: the status and the URL it pointed to. */
  redirects: { status: number; url: string }[]
  /** From the first request to the end of the body, in ms. */
  elapsedMs: number
}

/**
 * Why nothing was read. `refused`: the address may not be fetched (a scheme,
 * a port, an address on a private network; nothing was sent); `timeout`:
 * the deadline passed; `redirects`: more than five; `network`: DNS, TCP or
 * TLS failed.
 */
export interface FetchFailure {
  kind: 'refused' | 'timeout' | 'redirects' | 'network'
  /** For a person: "127.0.0.1 is a loopback address: only public websites can be checked." */
  message: string
  /** The URL it failed at (a redirect's target, when it is the one refused). */
  url: string
}

export type FetchOutcome = { ok: true; response: Fetched } | { ok: false; failure: FetchFailure }

export interface FetchOptions {
  method?: 'GET' | 'HEAD'
  /** Aborts the request: the grading's deadline. */
  signal: AbortSignal
  /** Bytes of body kept; 2 MB (AUDIT_LIMITS.maxBodyBytes) unless less is asked. */
  maxBodyBytes?: number
}

/** Fetches one URL under the grader's rules: never throws, answers a FetchOutcome. */
export type AuditFetch = (url: string, options: FetchOptions) => Promise<FetchOutcome>
