import { clsx, type ClassValue } from 'clsx'

/** Joins class names; later ones win only by order (no merge magic needed with our tokens). */
export function cn(...values: ClassValue[]): string {
  return clsx(values)
}
