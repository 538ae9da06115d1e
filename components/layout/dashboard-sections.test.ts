import { describe, expect, it } from 'vitest'
import { legacySection, SECTION_PATHS, sectionOf } from './dashboard-sections'

describe('dashboard sections', () => {
  it('reads the section from the segment under /dashboard', () => {
    expect(sectionOf(null)).toBe('tasks')
    expect(sectionOf('points')).toBe('points')
    expect(sectionOf('users')).toBe('users')
    expect(sectionOf('tasks')).toBe('tasks')
    expect(sectionOf('constructor')).toBe('tasks')
  })

  it('maps the old ?view= values to their pages', () => {
    expect(legacySection('purchase')).toBe('points')
    expect(SECTION_PATHS[legacySection('orders')!]).toBe('/dashboard/orders')
    expect(legacySection('glossary')).toBe('glossary')
    expect(legacySection('users')).toBe('users')
    expect(legacySection('points')).toBeNull()
    expect(legacySection('toString')).toBeNull()
    expect(legacySection(undefined)).toBeNull()
  })
})
