/**
 * The not-found page is pre-rendered once at this path; the server answers
 * every unknown URL with that file and status 404. Explicit routes (no dynamic
 * segments) mean the browser matches the same catch-all route for any unknown
 * URL, so the page hydrates wherever it is served.
 */
export const NOT_FOUND_PATH = '/404'
