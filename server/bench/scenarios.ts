// One database's rows of the table: each workload at each client count, ours
// over HTTP beside the floor.
import type { Account } from './account.ts';
import { historyPaths, saveBody } from './account.ts';
import { historyScript, saveScript } from './floor.ts';
import { directLoad, httpLoad, type HttpRequest, type LoadResult, type LoadShape } from './load.ts';
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

/** The request one workload sends, as the web app sends it. */
export function requestOf(
  url: string,
  account: Account,
  workload: Workload,
): { url: string; init: HttpRequest } {
  const headers = { apikey: account.anonKey, authorization: `Bearer ${account.accessToken}` };
  if (workload === 'save') {
    return {
      url: `${url}/rest/v1/user_answers`,
      init: {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: saveBody(account),
      },
    };
  }
  return { url: `${url}${historyPaths(account)[workload]}`, init: { method: 'GET', headers } };
}

export function oursAt(
  url: string,
  account: Account,
  workload: Workload,
  clients: number,
  shape: LoadShape = {},
  seconds = options.seconds,
) {
  const request = requestOf(url, account, workload);
  return httpLoad(request.url, request.init, clients, seconds, shape);
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
