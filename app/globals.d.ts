// Compile-time constants from app/lib/site/build-env.ts, replaced by Vite's `define`.
declare const __SITE_ORIGIN__: string
declare const __BOOKING_URL__: string
declare const __GA_MEASUREMENT_ID__: string
