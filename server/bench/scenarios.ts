// One database's rows of the table: each workload at each client count, ours
// over HTTP beside the floor.
import type { Account } from './account.ts';
import { historyPaths } from './account.ts';
import { appSaveRequest, type SaveRequest } from './app-save.ts';
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

const saveRequests = new WeakMap<Account, Map<string, Promise<SaveRequest>>>();

/** The app's save for this account and server, recorded once. */
function saveRequestOf(url: string, account: Account): Promise<SaveRequest> {
  const byUrl = saveRequests.get(account) ?? new Map<string, Promise<SaveRequest>>();
  saveRequests.set(account, byUrl);
  let request = byUrl.get(url);
  if (!request) {
    request = appSaveRequest(url, account);
    byUrl.set(url, request);
  }
  return request;
}

/** The request one workload sends, as the web app sends it. */
export async function requestOf(
  url: string,
  account: Account,
  workload: Workload,
): Promise<{ url: string; init: HttpRequest }> {
  if (workload === 'save') return saveRequestOf(url, account);
  const headers = { apikey: account.anonKey, authorization: `Bearer ${account.accessToken}` };
  return { url: `${url}${historyPaths(account)[workload]}`, init: { method: 'GET', headers } };
}

export async function oursAt(
  url: string,
  account: Account,
  workload: Workload,
  clients: number,
  shape: LoadShape = {},
  seconds = options.seconds,
) {
  const request = await requestOf(url, account, workload);
  return httpLoad(request.url, request.init, clients, seconds, shape);
}

export function floorAt(
  exec: (script: string) => Promise<unknown>,
  account: Account,
  workload: Workload,
  clients: number,
) {
  const script =
    workload === 'save' ? saveScript(account) : historyScript(account, workload === 'filtered');
  return directLoad(() => exec(script), clients, options.seconds);
}
