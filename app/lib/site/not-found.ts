/**
 * The not-found page is pre-rendered once (app/pages/404.astro) to this file;
 * the server answers every unknown URL with it and status 404, and this path
 * itself is unknown too.
 */
export const NOT_FOUND_PATH = '/404.html'
