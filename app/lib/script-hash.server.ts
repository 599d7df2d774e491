import { createHash } from 'node:crypto'

/**
 * The hash that lets an inline script of a page run under its
 * Content-Security-Policy (server/security-policy.ts): a component that
 * writes one with `is:inline` gives it to `Astro.csp.insertScriptHash`.
 */
export function scriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source).digest('base64')}`
}
