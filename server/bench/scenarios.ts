// One database's rows of the table: each workload at each client count, ours
// over HTTP beside the floor.
import type { Account } from './account.ts';
import { historyPaths, saveBody } from './account.ts';
import { historyScript, saveScript } from './floor.ts';
import { directLoad, httpLoad, type LoadResult } from './load.ts';
import { options } from './options.ts';

export type Workload = 'save' | 'history' | 'filtered';

export interface Row {
  database: string;
  workload: Workload;
  clients: number;
  ours: LoadResult;
  floor: LoadResult;
}

export function workloads(): Workload[] {
  return [
    ...(options.runs('save') ? (['save'] as const) : []),
    ...(options.runs('history') ? (['history', 'filtered'] as const) : []),
  ];
}

export function oursAt(url: string, account: Account, workload: Workload, clients: number) {
  const headers = { apikey: account.anonKey, authorization: `Bearer ${account.accessToken}` };
  if (workload === 'save') {
    return httpLoad(
      `${url}/rest/v1/user_answers`,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: saveBody(account),
      },
      clients,
      options.seconds,
    );
  }
  return httpLoad(
    `${url}${historyPaths(account)[workload]}`,
    { method: 'GET', headers },
    clients,
    options.seconds,
  );
}

export function floorAt(
  exec: (script: string) => Promise<unknown>,
  account: Account,
  workload: Workload,
  clients: number,
) {
  const script =
    workload === 'save'
      ? saveScript(account, saveBody(account))
      : historyScript(account, workload === 'filtered');
  return directLoad(() => exec(script), clients, options.seconds);
}
