import { errorText } from '@/lib/client/api'

/**
 * FormDialog's props for a dialog that saves through a React Query mutation: open until it is
 * closed, busy while the mutation runs, its failure shown (`failed` when the server said nothing).
 */
export function mutationDialog(mutation: { isPending: boolean; isError: boolean; error: unknown }, { onClose, failed }: { onClose: () => void; failed: string }) {
  return {
    open: true,
    onOpenChange: (next: boolean) => void (next || onClose()),
    isSubmitting: mutation.isPending,
    failure: mutation.isError ? errorText(mutation.error, failed) : null,
  }
}
