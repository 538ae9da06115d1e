import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'
import { cn } from './cn'

const FIELD = 'w-full rounded-lg border bg-surface px-3 text-sm text-fg placeholder:text-subtle transition-colors focus:outline-none focus:ring-2 focus:ring-brand/40 disabled:opacity-60'

export function Input({ className, invalid, ...rest }: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  return <input className={cn(FIELD, 'h-10', invalid ? 'border-danger' : 'border-border focus:border-brand', className)} aria-invalid={invalid || undefined} {...rest} />
}

export function Textarea({ className, invalid, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }) {
  return <textarea className={cn(FIELD, 'py-2', invalid ? 'border-danger' : 'border-border focus:border-brand', className)} aria-invalid={invalid || undefined} {...rest} />
}

/** A labelled form field with its error tied to the control through `id`. */
export function Field({ id, label, error, hint, children }: { id: string; label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-subtle">{hint}</p>
      )}
    </div>
  )
}

/** A labelled input whose id is its test id too; invalid, and described by its error, while it has one. */
export function InputField({ id, label, hint, error, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: ReactNode; hint?: ReactNode; error?: string }) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input id={id} invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} data-testid={id} {...input} />
    </Field>
  )
}
