import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names; a later Tailwind class overrides an earlier one of the same property. */
export function cn(...values: ClassValue[]): string {
  return twMerge(clsx(values))
}
