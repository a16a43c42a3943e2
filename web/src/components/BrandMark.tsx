import { Zap } from 'lucide-react';

export function BrandMark({ className = 'size-10' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex items-center justify-center rounded-2xl bg-violet-700 text-amber-300 dark:bg-violet-500 dark:text-amber-200 ${className}`}
    >
      <Zap className="size-1/2" fill="currentColor" />
    </span>
  );
}
