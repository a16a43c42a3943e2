import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Screenshots and measurements a reviewer looks at; gitignored. */
const ARTIFACTS = new URL('../artifacts/', import.meta.url);

/** Writes `relativePath` under e2e/artifacts/, creating folders as needed; returns the full path. */
export async function writeArtifact(
  relativePath: string,
  content: string | Buffer,
): Promise<string> {
  const target = new URL(relativePath, ARTIFACTS);
  await mkdir(new URL('./', target), { recursive: true });
  await writeFile(target, content);
  return fileURLToPath(target);
}
