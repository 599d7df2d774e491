// Pictures of the content through Astro's image pipeline: an article's cover
// (./article-covers.server.ts), a team member's photo and a case study's
// pictures of the work (./queries.server.ts), each as AVIF and WebP at the
// sizes a screen asks for, with its width and height so nothing moves when
// it arrives. Unit tests put app/lib/content/test-assets.ts in the place of
// `astro:assets` (vitest.config.ts); the build runs the real pipeline.
import type { ImageMetadata } from 'astro'
import { getImage } from 'astro:assets'
import type { Picture } from './types.ts'

/** How a picture is drawn: at `widths` for a box whose width follows the screen, or a `square` of that many CSS pixels. */
export type PictureSize = { widths: number[]; width: number } | { square: number }

/** The picture of `src` at `size`, AVIF first, WebP for the rest (and the `<img>`'s own `src`). */
export async function pictureOf(src: ImageMetadata, size: PictureSize): Promise<Picture> {
  const options =
    'square' in size
      ? { width: size.square, height: size.square, densities: [1, 2, 3], fit: 'cover' as const }
      : { widths: size.widths, width: size.width }
  const [avif, webp] = await Promise.all((['avif', 'webp'] as const).map((format) => getImage({ src, format, ...options })))
  const square = 'square' in size ? size.square : undefined
  return {
    src: webp!.src,
    width: square ?? src.width,
    height: square ?? src.height,
    avif: avif!.srcSet.attribute,
    webp: webp!.srcSet.attribute,
  }
}
