import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Figures with a goal measured by a script of their own (the browser's, in
// e2e/scripts/), which prints each as a line `goal {json}`: the bench relays
// the script's other output and gathers these into one table.
export interface GoalRow {
  name: string;
  figure: number;
  unit: string;
  goal: string;
  met: boolean;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `node <script> ...args` from the repository's root; resolves with its goal lines. */
export function runGoalScript(script: string, args: string[] = []): Promise<GoalRow[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const rows: GoalRow[] = [];
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('goal ')) rows.push(JSON.parse(line.slice(5)) as GoalRow);
        else console.log(`  ${line}`);
      }
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(rows) : reject(new Error(`${script} exited with ${code}`)),
    );
  });
}

export function printGoalTable(rows: GoalRow[]): void {
  if (rows.length === 0) return;
  console.log('\n| figure | measured | goal | met |\n|---|---|---|---|');
  for (const row of rows) {
    const measured = `${row.figure}${row.unit ? ` ${row.unit}` : ''}`;
    console.log(`| ${row.name} | ${measured} | ${row.goal} | ${row.met ? 'yes' : 'NO'} |`);
  }
}
