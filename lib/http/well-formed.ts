// Strings that are not well-formed Unicode (a lone UTF-16 surrogate, which JSON's "\ud800" escape
// can carry) cannot be encoded as UTF-8: PostgreSQL, hashing and percent-encoding all throw on
// them. Every string input is checked here once, so no handler ever sees one.

/**
 * The path (`name`, `texts.3`) of the first string or object key in a value that is not
 * well-formed Unicode, or null. Walks iteratively: nesting depth is the client's choice.
 */
export function findIllFormedText(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }]
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!
    if (typeof current === 'string') {
      if (!current.isWellFormed()) return path || 'body'
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push({ value: item, path: path ? `${path}.${i}` : String(i) }))
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key
        if (!key.isWellFormed()) return itemPath.toWellFormed()
        stack.push({ value: item, path: itemPath })
      }
    }
  }
  return null
}
