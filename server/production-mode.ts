/**
 * The server is the site as visitors get it: unless the environment names a
 * mode (NODE_ENV), the libraries that read it run their production builds.
 * React's server renderer is the one that counts: the pages rendered on
 * demand (server/astro/entry.ts) took 75 to 160 ms each with its
 * development build. server/index.ts imports this module first, before
 * anything loads React.
 */
process.env.NODE_ENV ??= 'production'
