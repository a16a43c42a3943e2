import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Apart from pglite-database.ts, so that the server's thread, which only
// compiles PostgreSQL's WebAssembly and hands it to the database's thread,
// never loads PGlite's JavaScript (docs/decisions/095).

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * PostgreSQL's WebAssembly, compiled once per process. Compiling runs on a
 * background thread; started before the web server's modules load (read
 * synchronously, so that it starts at once), it overlaps them instead of
 * following them (docs/decisions/028). The file is the one PGlite would read.
 */
export function compilePglite(): Promise<WebAssembly.Module> {
  // require.resolve, not import.meta.resolve: Vite's module runner (the web
  // tests load this file through it) has no import.meta.resolve.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  compiled ??= WebAssembly.compile(readFileSync(join(dirname(entry), 'pglite.wasm')));
  return compiled;
}
