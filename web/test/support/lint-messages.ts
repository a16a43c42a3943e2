import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, where eslint.config.js lives. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Loading the configuration takes seconds; one instance serves a test file.
let eslint: ESLint | undefined;

/**
 * What the repository's own lint configuration says, through `ruleId`, of
 * `code` standing at `file` (relative to the root; it need not exist).
 */
export async function lintMessages(file: string, code: string, ruleId: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: REPO_ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  const messages = result?.messages ?? [];
  // Code that does not parse breaks no rule: it would pass every check vacuously.
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${file} does not parse: ${fatal.message}`);
  return messages.filter((message) => message.ruleId === ruleId).map(({ message }) => message);
}
