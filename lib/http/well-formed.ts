// Text a handler can never store: a lone UTF-16 surrogate (JSON's "\ud800" escape can carry one)
// cannot be encoded as UTF-8, so PostgreSQL, hashing and percent-encoding all throw on it; a NUL
// character PostgreSQL refuses in any text column. Every string input (JSON, form fields and file
// names, query, path) is checked here once, so no handler ever sees one.

export type UnsafeText = { field: string; reason: 'illFormed' | 'nul' }

function unsafeReason(text: string): UnsafeText['reason'] | null {
  if (!text.isWellFormed()) return 'illFormed'
  if (text.includes('\0')) return 'nul'
  return null
}

/**
 * The path (`name`, `texts.3`) of the first string or object key in a value that is not
 * well-formed Unicode or holds a NUL, and why; or null. Walks iteratively: nesting depth is the
 * client's choice.
 */
export function findUnsafeText(value: unknown): UnsafeText | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }]
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!
    if (typeof current === 'string') {
      const reason = unsafeReason(current)
      if (reason) return { field: path || 'body', reason }
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push({ value: item, path: path ? `${path}.${i}` : String(i) }))
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key
        const reason = unsafeReason(key)
        if (reason) return { field: itemPath.toWellFormed().replaceAll('\0', '\ufffd'), reason }
        stack.push({ value: item, path: itemPath })
      }
    }
  }
  return null
}
