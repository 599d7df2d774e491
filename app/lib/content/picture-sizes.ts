// The sizes pictures of the content are drawn at (./pictures.server.ts),
// shared with the components that show them, so a picture is never drawn
// at one size and shown at another.

/**
 * Which width an article's cover is shown at, beside its headline (under it on
 * narrow screens): the picture's `sizes` and its preload's `imagesizes`
 * (app/pages/blog/[slug].astro), so both ask for the same file.
 */
export const ARTICLE_COVER_SIZES = '(min-width: 1024px) 448px, calc(100vw - 2rem)'

/** A team member's photo: a circle of 56 CSS pixels (app/components/sections/team-grid.tsx), drawn at 1x, 2x and 3x. */
export const TEAM_PHOTO_SIZE = 56

/** A picture of a case study's work: two to a row from 640 px, at most about 560 CSS pixels wide (`MEDIA_SIZES`). */
export const MEDIA_WIDTHS = [400, 800, 1200]

/** Which width a picture of the work is shown at (app/components/sections/work-pictures.tsx). */
export const MEDIA_SIZES = '(min-width: 1280px) 576px, (min-width: 640px) calc(50vw - 3rem), calc(100vw - 2rem)'

/** A client's logo: at most 40 CSS pixels high (app/components/sections/client-list.tsx), drawn at 1x and 2x of 160 px wide. */
export const LOGO_WIDTHS = [160, 320]
