import type { APIRoute } from 'astro'
import { searchHeadings } from '#app/lib/content/queries.server.ts'

/**
 * /blog/search.json, written at build time: the headings of every article by
 * path, which the blog's search (app/components/article-search.tsx) fetches
 * the first time a visitor searches, so the page itself stays light.
 */
export const GET: APIRoute = async () => Response.json(await searchHeadings())
