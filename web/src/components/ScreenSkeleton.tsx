/** Placeholder while the session is read or a screen loads; no layout jump after. */
export function ScreenSkeleton() {
  return (
    <div
      className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-4 p-6"
      aria-busy="true"
      data-testid="screen-skeleton"
    >
      <span className="sr-only" role="status">
        Loading…
      </span>
      <div className="skeleton h-8 w-2/3" />
      <div className="skeleton h-4 w-1/2" />
      <div className="skeleton mt-6 h-12 w-full" />
      <div className="skeleton h-12 w-full" />
      <div className="skeleton h-40 w-full" />
    </div>
  );
}
