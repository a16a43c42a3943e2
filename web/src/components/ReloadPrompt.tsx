/** A whole-page message whose way out is reloading the app. */
export function ReloadPrompt({ title, detail }: { title: string; detail: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-3 p-6">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-300">{detail}</p>
      <button
        type="button"
        className="btn-primary self-start"
        onClick={() => window.location.reload()}
      >
        Reload
      </button>
    </main>
  );
}
