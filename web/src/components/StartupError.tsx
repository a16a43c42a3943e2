/** Shown when the app cannot learn where its server is (no /config.json). */
export function StartupError() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-3 p-6">
      <h1 className="text-xl font-semibold">Energy Tracker cannot reach its server</h1>
      <p className="text-slate-600 dark:text-slate-300">
        Check your connection and reload the page. If it keeps happening, the server may be down.
      </p>
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
