import { readFileSync } from 'node:fs'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

// Whatever git ignores is generated (libass files in public/vendor/, builds, reports, bench output),
// so it is never linted: the lint passes after `npm run dev` or a build in the same checkout.
export function gitIgnoredGlobs(gitignore) {
  return gitignore
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
    .flatMap((line) => {
      const anchored = line.startsWith('/') || line.slice(0, -1).includes('/')
      const bare = line.replace(/^\//, '').replace(/\/$/, '')
      const glob = anchored ? bare : `**/${bare}`
      return [glob, `${glob}/**`]
    })
}

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    ignores: [
      ...gitIgnoredGlobs(readFileSync(new URL('./.gitignore', import.meta.url), 'utf8')),
      '.next/**',
      'node_modules/**',
      '.data/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
]

export default config
