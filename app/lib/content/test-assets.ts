// Stands in for `astro:assets` in unit tests (vitest.config.ts), as
// ./test-collections.ts does for `astro:content`: `getImage` names the file
// each size would be, without drawing it. The build runs Astro's own image
// pipeline, which the end-to-end tests and the release gates look at.

interface Options {
  src: string | { src: string }
  format: string
  width?: number
  widths?: number[]
  densities?: number[]
}

export async function getImage({ src, format, width = 0, widths, densities }: Options) {
  const name = (typeof src === 'string' ? src : src.src).replace(/^.*\//, '').replace(/\.[a-z]+$/i, '')
  const file = (w: number) => `/_astro/${name}_${w}.${format}`
  const sizes = widths ? widths.map((w) => `${file(w)} ${w}w`) : (densities ?? [1]).map((d) => `${file(width * d)} ${d}x`)
  return { src: file(width), srcSet: { attribute: sizes.join(', ') } }
}
