'use client'

import * as RadixSelect from '@radix-ui/react-select'
import type { ReactNode } from 'react'
import { cn } from './cn'

export type SelectOption = { value: string; label: ReactNode; disabled?: boolean }

type Props = {
  id?: string
  value: string | undefined
  onValueChange: (value: string) => void
  options: readonly SelectOption[]
  placeholder?: ReactNode
  disabled?: boolean
  invalid?: boolean
  className?: string
  /** Accessible name when no `<label htmlFor>` points at `id`. */
  'aria-label'?: string
  'data-testid'?: string
}

function Chevron({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className={cn('size-4 shrink-0', className)}>
      <path d="m4 6 4 4 4-4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** A single-choice select on Radix: keyboard and screen-reader friendly, styled like our inputs. */
export function Select({ id, value, onValueChange, options, placeholder, disabled, invalid, className, ...rest }: Props) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger
        id={id}
        aria-label={rest['aria-label']}
        aria-invalid={invalid || undefined}
        data-testid={rest['data-testid']}
        className={cn(
          'flex h-10 w-full items-center justify-between gap-2 rounded-lg border bg-surface px-3 text-left text-sm text-fg transition-colors',
          'focus:ring-2 focus:ring-brand/40 focus:outline-none disabled:opacity-60 data-[placeholder]:text-subtle',
          invalid ? 'border-danger' : 'border-border focus:border-brand',
          className,
        )}
      >
        <span className="truncate">
          <RadixSelect.Value placeholder={placeholder} />
        </span>
        <RadixSelect.Icon className="text-subtle">
          <Chevron />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-[60] max-h-[min(var(--radix-select-content-available-height),20rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-border bg-surface shadow-lg"
        >
          <RadixSelect.ScrollUpButton className="flex h-6 items-center justify-center text-subtle">
            <Chevron className="rotate-180" />
          </RadixSelect.ScrollUpButton>
          <RadixSelect.Viewport className="p-1">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="relative flex cursor-default items-center rounded-md py-1.5 pr-3 pl-8 text-sm text-fg outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-subtle data-[highlighted]:text-brand"
              >
                <RadixSelect.ItemIndicator className="absolute left-2 inline-flex items-center">
                  <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
                    <path d="m3.5 8.5 3 3 6-7" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </RadixSelect.ItemIndicator>
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
          <RadixSelect.ScrollDownButton className="flex h-6 items-center justify-center text-subtle">
            <Chevron />
          </RadixSelect.ScrollDownButton>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  )
}
