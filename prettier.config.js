/** @type {import('prettier').Config} */
export default {
  semi: false,
  singleQuote: true,
  printWidth: 120,
  trailingComma: 'all',
  // The Tailwind plugin comes last: it sorts the classes of what the others parse.
  plugins: ['prettier-plugin-astro', 'prettier-plugin-tailwindcss'],
  overrides: [{ files: '*.astro', options: { parser: 'astro' } }],
  tailwindStylesheet: './app/app.css',
  tailwindFunctions: ['cn', 'cva'],
}
