'use client'

import * as RadixMenu from '@radix-ui/react-dropdown-menu'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from './cn'

/** A menu on Radix (arrow keys, type-ahead, Escape). Compose: Root → Trigger (asChild) → Content → Item. */
export const DropdownMenu = RadixMenu.Root
export const DropdownMenuTrigger = RadixMenu.Trigger

export function DropdownMenuContent({ className, children, align = 'end', sideOffset = 6, ...rest }: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        align={align}
        sideOffset={sideOffset}
        className={cn('z-50 min-w-48 overflow-hidden rounded-lg border border-border bg-surface p-1 text-sm shadow-lg', className)}
        {...rest}
      >
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  )
}

export function DropdownMenuItem({ className, ...rest }: ComponentProps<typeof RadixMenu.Item>) {
  return (
    <RadixMenu.Item
      className={cn(
        'flex cursor-default items-center gap-2 rounded-md px-2.5 py-1.5 text-fg outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-subtle data-[highlighted]:text-brand',
        className,
      )}
      {...rest}
    />
  )
}

export function DropdownMenuLabel({ className, children }: { className?: string; children: ReactNode }) {
  return <RadixMenu.Label className={cn('px-2.5 pt-2 pb-1 text-xs font-medium text-subtle', className)}>{children}</RadixMenu.Label>
}

export function DropdownMenuSeparator({ className }: { className?: string }) {
  return <RadixMenu.Separator className={cn('my-1 h-px bg-border', className)} />
}

/** A menu item that toggles a setting; selecting it keeps the menu open. */
export function DropdownMenuCheckboxItem({ className, children, checked, ...rest }: ComponentProps<typeof RadixMenu.CheckboxItem>) {
  return (
    <RadixMenu.CheckboxItem
      checked={checked}
      onSelect={(event) => event.preventDefault()}
      className={cn(
        'flex cursor-default items-center gap-2 rounded-md px-2.5 py-1.5 text-fg outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-subtle data-[highlighted]:text-brand',
        className,
      )}
      {...rest}
    >
      <span aria-hidden="true" className={cn('grid size-4 place-items-center rounded border border-border', checked === true && 'border-brand bg-brand text-white')}>
        <RadixMenu.ItemIndicator>
          <svg viewBox="0 0 16 16" fill="none" className="size-3">
            <path d="m3.5 8.5 3 3 6-7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </RadixMenu.ItemIndicator>
      </span>
      {children}
    </RadixMenu.CheckboxItem>
  )
}
