import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under `dir`, at any depth, as full paths: what a build wrote. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
