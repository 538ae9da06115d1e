import { z } from 'zod'

// The one page object of every paged list (tasks, orders, users), and its one rule for totalPages.

/** The schema of a page of `item`s. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    pageNum: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    totalCount: z.number().int().min(0),
    totalPages: z.number().int().min(1),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
    list: z.array(item),
  })
}

/** Highest page number accepted (far past any real list; keeps the row offset a small integer). */
export const MAX_PAGE = 1_000_000
/** Largest page a client may ask for. */
export const MAX_PAGE_SIZE = 100

/** A page number as a query or body sends it: 1..MAX_PAGE. */
export const pageField = pageParam(MAX_PAGE)
/** A page size as a query or body sends it: 1..MAX_PAGE_SIZE. */
export const sizeField = pageParam(MAX_PAGE_SIZE)

/** The one page query of every paged list: page 1..1,000,000 (default 1), size 1..100 (default 10). */
export const pageQuery = z.object({ page: pageField.default(1), size: sizeField.default(10) })

export type Page<T> = { pageNum: number; pageSize: number; totalCount: number; totalPages: number; hasNextPage: boolean; hasPrevPage: boolean; list: T[] }

/** A page object. Rule: an empty list is one empty page, so `totalPages` is at least 1. */
export function toPage<T>({ list, page, size, totalCount }: { list: T[]; page: number; size: number; totalCount: number }): Page<T> {
  const totalPages = Math.max(1, Math.ceil(totalCount / size))
  return { pageNum: page, pageSize: size, totalCount, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1, list }
}

/**
 * A page number or size as a client sends it: a number, or its digits in a query or a form. Rules:
 * whole, from 1 to `max`; anything else (`true`, `[2]`, `"2x"`) is refused, never read as a number.
 */
export function pageParam(max: number) {
  return z.union([z.number(), z.string().trim().regex(/^\d{1,10}$/)]).pipe(z.coerce.number<string | number>().int().min(1).max(max))
}
