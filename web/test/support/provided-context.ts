// What the global setup hands to every test file (see test/global-setup.ts).
declare module 'vitest' {
  interface ProvidedContext {
    supabaseUrl: string;
    supabaseAnonKey: string;
  }
}

export {};
