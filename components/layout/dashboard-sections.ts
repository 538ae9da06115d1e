/** The dashboard's views, each a route segment under /dashboard, in side-menu order. */
export type DashboardSection = 'tasks' | 'glossary' | 'memory' | 'points' | 'orders' | 'developers' | 'users'

export const SECTION_PATHS: Record<DashboardSection, string> = {
  tasks: '/dashboard',
  glossary: '/dashboard/glossary',
  memory: '/dashboard/memory',
  points: '/dashboard/points',
  orders: '/dashboard/orders',
  developers: '/dashboard/developers',
  users: '/dashboard/users',
}

/** The section a child segment of /dashboard shows (`null` is the index page, the task list). */
export function sectionOf(segment: string | null): DashboardSection {
  return segment && segment !== 'tasks' && Object.hasOwn(SECTION_PATHS, segment) ? (segment as DashboardSection) : 'tasks'
}

// The views used to be one page switched by ?view=; links and bookmarks from then still work.
const LEGACY_VIEWS: Record<string, DashboardSection> = { tasks: 'tasks', glossary: 'glossary', purchase: 'points', orders: 'orders', users: 'users' }

/** The section an old `/dashboard?view=…` address meant, or null when it names none. */
export function legacySection(view: string | undefined): DashboardSection | null {
  return view && Object.hasOwn(LEGACY_VIEWS, view) ? LEGACY_VIEWS[view] : null
}
