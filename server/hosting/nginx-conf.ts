import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { AUDIT_REPORTS_BASE } from '#app/lib/audit/report.ts'
import { NOT_FOUND_PATH } from '#app/lib/site/not-found.ts'
import { cachePolicy, HASHED_ASSETS, REVALIDATED_EXTENSIONS } from './cache-policy.ts'
import type { SecurityHeaders } from './headers-file.ts'
import { contentTypes, notServed, pageFile } from './static-files.ts'

/** Where the build writes the nginx snippet, beside `build/client` (or the client folder of `BUILD_DIR`). */
export const NGINX_CONF = `${process.env.BUILD_DIR || 'build'}/nginx/northpeak.conf`
/** The http-level part of the snippet, beside it: what nginx accepts only in `http { }` (the log format). */
export const NGINX_HTTP_CONF = `${process.env.BUILD_DIR || 'build'}/nginx/northpeak-http.conf`
/** Where the snippet's access log goes (Debian's logrotate rotates `/var/log/nginx/*.log`, docs/deploy.md). */
export const NGINX_ACCESS_LOG = '/var/log/nginx/northpeak.access.log'
/** The access log's format, declared by the http-level file. */
const LOG_FORMAT = 'northpeak'
/** The upstream the snippet proxies `/api/` to; the including configuration defines it. */
export const API_UPSTREAM = 'northpeak_api'
/** The internal location that answers every unknown path with the not-found page. */
const NOT_FOUND_LOCATION = '/__northpeak-not-found'
/**
 * The request target ending in "/" (the query aside), as nginx's PCRE reads
 * it: leading slashes and backslashes (`\x5c`), then the path kept, without
 * its trailing slashes, as `northpeak_path` (server/http/pages.ts, `pathOnThisSite`).
 */
const SLASHLESS_TARGET = '^[/\\x5c]*(?<northpeak_path>[^?]*?)/+(\\?|$)'

/**
 * An nginx snippet that serves the build as the Node server does
 * (server/http/pages.ts, server/http/security-headers.ts): the same Content-Type, the
 * same common security headers, each page's own CSP and the fallback CSP on
 * everything else, the same Cache-Control, one address per page (a trailing
 * slash redirects, 301), the not-found page with 404 for any unknown path and
 * for the files that are not served, the build's `.gz` copies, and `/api/`,
 * the actions' `/_actions/` and the pages rendered on demand (`rendered`:
 * /audit, /contact, /book, /book/manage, /dashboard, each with its own
 * headers, and the audit's reports under /audit/report/) passed to the API
 * instances. It goes inside a `server { }` whose `root` is
 * `build/client`, with `upstream northpeak_api { ... }` in `http { }`
 * (docs/deploy.md shows one).
 *
 * nginx drops a level's `add_header` lines as soon as a location has one of its
 * own, so every location lists all of its headers; `/api/` has none, since the
 * API sends its own.
 */
export function nginxConf(headers: SecurityHeaders, rendered: readonly string[]): string {
  const quote = (value: string) => {
    // nginx has no escape for `$` (a variable) in a string; no header of the site needs one.
    if (/["$\\]/.test(value)) throw new Error(`A header value nginx cannot quote: ${value}`)
    return `"${value}"`
  }
  const headerLines = (csp: string, cacheControl: string) =>
    [
      ...Object.entries(headers.common).map(([name, value]) => `add_header ${name} ${quote(value)} always;`),
      `add_header Content-Security-Policy ${quote(csp)} always;`,
      `add_header Cache-Control ${quote(cacheControl)} always;`,
    ].map((line) => `  ${line}`)
  const location = (match: string, lines: string[]) => [`location ${match} {`, ...lines, '}', '']

  const byType = new Map<string, string[]>()
  const charsetTypes = new Set<string>()
  for (const [extension, value] of Object.entries(contentTypes)) {
    const [type, ...parameters] = value.split(';').map((part) => part.trim())
    byType.set(type!, [...(byType.get(type!) ?? []), extension.slice(1)])
    if (parameters.includes('charset=utf-8')) charsetTypes.add(type!)
  }

  const proxy = [
    `  proxy_pass http://${API_UPSTREAM};`,
    '  proxy_http_version 1.1;',
    '  proxy_set_header Connection "";',
    '  # The Host the browser sent, port included: the lead API compares it with Origin.',
    '  proxy_set_header Host $http_host;',
    '  # One more proxy in front of the API: count it in TRUSTED_PROXIES (docs/decisions/017).',
    '  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '  proxy_set_header X-Forwarded-Proto $scheme;',
    '  # The API refuses a lead over 16 KB with a 413 of its own.',
    '  client_max_body_size 64k;',
    '  proxy_intercept_errors off;',
  ]
  // A redirect's headers: the site's, without caching (its Location may change with a build).
  const redirectHeaders = headerLines(headers.fallbackCsp, cachePolicy.revalidate).filter(
    (line) => !line.includes('Cache-Control'),
  )
  const notServedPattern = [...notServed].map((urlPath) => urlPath.slice(1).replace(/\./g, '\\.')).join('|')

  return [
    '# Written by scripts/postbuild.ts from the built pages; do not edit.',
    `# Include it in a server { } whose root is build/client, with upstream ${API_UPSTREAM} { } and`,
    `# ${path.basename(NGINX_HTTP_CONF)} in http { } (docs/deploy.md). The headers, redirects and 404s are those of the Node server.`,
    '',
    '# What the privacy policy says the server logs: no address, user agent, referrer or query',
    '# string (the format is in the http-level file). It replaces the access log of the http level.',
    `access_log ${NGINX_ACCESS_LOG} ${LOG_FORMAT};`,
    '',
    '# Content types as the Node server sends them (server/hosting/static-files.ts).',
    'types {',
    ...[...byType].map(([type, extensions]) => `  ${type} ${extensions.join(' ')};`),
    '}',
    'default_type application/octet-stream;',
    'charset utf-8;',
    // text/html is always among them; naming it again only makes nginx warn.
    `charset_types ${[...charsetTypes].filter((type) => type !== 'text/html').join(' ')};`,
    '# The .gz copies the build wrote beside each text file.',
    'gzip_static on;',
    'gzip_vary on;',
    'etag on;',
    '# Redirects name the path only, as the Node server does.',
    'absolute_redirect off;',
    'server_tokens off;',
    `error_page 404 ${NOT_FOUND_LOCATION};`,
    '',
    '# The API and the actions islands call (app/actions/), on the instances behind the upstream;',
    '# they send their own headers.',
    ...location(`^~ /api/`, proxy),
    ...location(`^~ /_actions/`, proxy),
    '# The pages rendered for each request, by the same instances, with their own headers.',
    ...rendered.flatMap((urlPath) => location(`= ${urlPath}`, proxy)),
    "# The instant audit's reports, each at its own address (docs/decisions/054-the-instant-audit.md).",
    ...location(`^~ ${AUDIT_REPORTS_BASE}`, proxy),
    '# One address per page: "/about/" redirects to "/about", the query kept. The target is the path as',
    '# sent ($request_uri, not the decoded $uri: "%2F" stays a path, as from the Node server), its leading',
    '# slashes and backslashes (\\x5c) collapsed into one "/": a browser reads "//host" or "/\\host" in a',
    '# Location as another host, whether or not merge_slashes is on. A path that ends in "/" only once',
    '# decoded ("/about%2F") is no page.',
    ...location('~ ^.+/$', [
      ...redirectHeaders,
      `  if ($request_uri ~ "${SLASHLESS_TARGET}") {`,
      '    return 301 /$northpeak_path$is_args$args;',
      '  }',
      '  return 404;',
    ]),
    "# Addresses that moved (Astro's redirects, from the headers file): 301 to where they went, the query kept.",
    ...Object.entries(headers.redirects).flatMap(([from, to]) =>
      location(`= ${from}`, [...redirectHeaders, `  return 301 ${to}$is_args$args;`]),
    ),
    '# Not for visitors: compressed copies by their own name, index files by theirs, the headers files.',
    ...location(`~ (\\.(br|gz)$|/index\\.html$|^/(${notServedPattern})$)`, ['  return 404;']),
    ...location(`~ ^${HASHED_ASSETS}`, [
      ...headerLines(headers.fallbackCsp, cachePolicy.hashedAsset),
      '  try_files $uri =404;',
    ]),
    ...location(`~ \\.(${REVALIDATED_EXTENSIONS.filter((extension) => extension !== 'html').join('|')})$`, [
      ...headerLines(headers.fallbackCsp, cachePolicy.revalidate),
      '  try_files $uri =404;',
    ]),
    ...location('/', [...headerLines(headers.fallbackCsp, cachePolicy.other), '  try_files $uri =404;']),
    '# The not-found page, with status 404, for every unknown path; also asked for by its own path.',
    ...location(`= ${NOT_FOUND_PATH}`, ['  return 404;']),
    ...location(`= ${NOT_FOUND_LOCATION}`, [
      '  internal;',
      ...headerLines(headers.pages[NOT_FOUND_PATH] ?? headers.fallbackCsp, cachePolicy.notFound),
      `  try_files /${NOT_FOUND_PATH.slice(1)} =500;`,
    ]),
    '# Each page with its own Content-Security-Policy.',
    ...Object.entries(headers.pages)
      .filter(([urlPath]) => urlPath !== NOT_FOUND_PATH && !rendered.includes(urlPath))
      .flatMap(([urlPath, csp]) =>
        location(`= ${urlPath}`, [
          ...headerLines(csp, cachePolicy.revalidate),
          `  try_files /${pageFile(urlPath)} =404;`,
        ]),
      ),
  ].join('\n')
}

/**
 * The part of the nginx configuration that nginx takes only in `http { }`:
 * the access log's format the snippet uses. Each line is the time, the
 * request's method, its path without the query string (from `$request_uri`,
 * so an unknown path is logged as asked, not as the not-found page that
 * answered it), the protocol, the status, the bytes sent and the time taken;
 * nothing of who asked (address, user agent, referrer) and nothing typed into
 * a link's query (campaign tags, an email address). The privacy policy's
 * "Server logs" states this.
 */
export function nginxHttpConf(): string {
  return [
    '# Written by scripts/postbuild.ts; do not edit. Include it in http { } (docs/deploy.md):',
    `# the format of the access log ${path.basename(NGINX_CONF)} sets, which nginx takes only at this level.`,
    '',
    '# The path asked for, up to its "?".',
    'map $request_uri $northpeak_log_path {',
    '  "~^(?<northpeak_path_asked>[^?]*)" $northpeak_path_asked;',
    '}',
    '# When, what, the answer: no address, user agent, referrer or query string.',
    `log_format ${LOG_FORMAT} escape=default '$time_iso8601 "$request_method $northpeak_log_path $server_protocol" $status $body_bytes_sent $request_time';`,
  ].join('\n')
}

/**
 * Writes the snippet for these headers and pages rendered on demand to `file`
 * (NGINX_CONF for the build), with its folder, and the http-level file beside
 * it (NGINX_HTTP_CONF).
 */
export function writeNginxConf(file: string, headers: SecurityHeaders, rendered: readonly string[]): void {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${nginxConf(headers, rendered)}\n`)
  writeFileSync(path.join(path.dirname(file), path.basename(NGINX_HTTP_CONF)), `${nginxHttpConf()}\n`)
}
