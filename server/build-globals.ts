/**
 * The build-time constants that app modules such as app/lib/site/site.ts read
 * (app/lib/site/build-env.ts), set for code that runs outside Vite: the server and
 * the scripts import this module before any other.
 */
import { defineBuildGlobals, readBuildEnv } from '#app/lib/site/build-env.ts'

defineBuildGlobals(readBuildEnv(process.env))
