import { CircleAlert, CircleCheck } from 'lucide-react';

/** The red (error) and green (success) boxes of docs/product.md 2; announced to screen readers. */
export function MessageBox({ kind, children }: { kind: 'error' | 'success'; children: string }) {
  const isError = kind === 'error';
  const Icon = isError ? CircleAlert : CircleCheck;
  return (
    <div
      role={isError ? 'alert' : 'status'}
      className={
        isError
          ? 'flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200'
          : 'flex gap-2 rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-800 dark:border-green-900 dark:bg-green-950/60 dark:text-green-200'
      }
    >
      <Icon aria-hidden="true" className="mt-px size-4 shrink-0" />
      <span>{children}</span>
    </div>
  );
}
