import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// eslint/no-auth-schema-sql.js, run through the repository's own
// eslint.config.js, so that what is proven is the rule as it is wired: the
// files it covers as well as what it reports.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const RULE = 'auth-schema/no-auth-schema-sql';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The lines this rule reports in `code`, as if it were the file at `path`. */
async function reported(path: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.line);
}

describe('no SQL on the auth schema in endpoints and commands', () => {
  it('reports a query on an auth table in an endpoint', async () => {
    const code = [
      'export const a = `DELETE FROM auth.sessions WHERE user_id = $1`;',
      "export const b = 'UPDATE auth.users SET encrypted_password = $2 WHERE id = $1';",
      'export const c = `SELECT 1 FROM auth.one_time_tokens WHERE created_at > ${0}`;',
      "export const d = 'insert into ' + 'auth.mfa_amr_claims (id) values ($1)';",
      '',
    ].join('\n');
    expect(await reported('server/src/auth/logout.ts', code)).toEqual([1, 2, 3, 4]);
  });

  it('reports one in an operator command', async () => {
    const code = 'export const q = `UPDATE auth.identities SET identity_data = $2`;\n';
    expect(await reported('server/src/cli/reset-password.ts', code)).toEqual([1]);
  });

  it('leaves the owners of the schema alone', async () => {
    const code = 'export const q = `DELETE FROM auth.sessions WHERE user_id = $1`;\n';
    expect(await reported('server/src/auth/accounts/end-sessions.ts', code)).toEqual([]);
    expect(await reported('server/src/auth/sessions/session-tokens.ts', code)).toEqual([]);
  });

  it('leaves words that are not SQL alone', async () => {
    const code = [
      "export const a = 'auth.users keeps the accounts';",
      "export const b = 'select a date';",
      "export const c = 'SELECT auth.uid()';",
      '',
    ].join('\n');
    expect(await reported('server/src/auth/user.ts', code)).toEqual([]);
  });
});
