/** Placeholder in the shape of the tab while the numbers come. */
export function InsightsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4" data-testid="insights-skeleton">
      <span className="sr-only" role="status">
        Loading insights…
      </span>
      <div className="skeleton h-28 w-full" />
      <div className="skeleton h-28 w-full" />
      <div className="skeleton h-64 w-full" />
    </div>
  );
}
