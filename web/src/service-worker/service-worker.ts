/// <reference lib="webworker" />
// The service worker (docs/decisions/037): the app opens without a network
// once it has been visited. It keeps the app's own files and nothing of the
// journal: answers of /auth/v1 and /rest/v1 are never stored, so a shared
// device holds no entries here and no token can be replayed from a cache.
//
// The build (web/build/service-worker.ts) puts the list of files and a
// version in front of this script; a new deployment changes them, so the
// browser installs the new worker beside the old one and the app offers to
// reload (web/src/lib/app-updates.ts).

import './push-notifications.ts';
import './outbox-sync.ts';
import { within } from '../lib/within.ts';

declare const self: ServiceWorkerGlobalScope;
declare const PRECACHE_URLS: string[];
declare const BUILD_VERSION: string;

const SHELL_CACHE = `energy-tracker-shell-${BUILD_VERSION}`;
const CONFIG_CACHE = 'energy-tracker-config';
const APP_SHELL = '/index.html';
const CONFIG_URL = '/config.json';
/**
 * The server's own answers, never from here: its APIs and pages for e-mail
 * links all live under /<name>/v1 (/auth/v1, /rest/v1, /reminders/v1), and /health.
 */
const SERVER_PATHS = /^\/([a-z]+\/v1|health)(\/|$)/;
/**
 * How long the config may take before the last one kept answers instead: a
 * network that connects but never answers (a train's Wi-Fi behind its sign-in
 * page) would otherwise hold the app's start until the browser gives up
 * (docs/decisions/050). The server's answer, when it comes, is still kept.
 */
const CONFIG_WAIT_MS = 3000;
/** A navigation to a file (robots.txt, the manifest) is not an app route. */
const FILE_NAME = /\/[^/]*\.[^/]*$/;

self.addEventListener('install', (event) => {
  // Hashed files come from the HTTP cache when the page has just loaded them
  // (their names change with their content); index.html is revalidated.
  // The config is kept too: the page read it before this worker ran.
  event.waitUntil(
    Promise.all([
      caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE_URLS)),
      caches.open(CONFIG_CACHE).then((cache) => cache.add(CONFIG_URL)),
    ]),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const stale = names.filter(
        (name) => name.startsWith('energy-tracker-shell-') && name !== SHELL_CACHE,
      );
      await Promise.all(stale.map((name) => caches.delete(name)));
      // The first worker takes the open page at once, so one visit is enough.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  // The page asks the waiting worker to take over when the person chooses Reload.
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || SERVER_PATHS.test(url.pathname)) return;

  if (url.pathname === CONFIG_URL) {
    event.respondWith(configNetworkFirst(request, (done) => event.waitUntil(done)));
  } else if (request.mode === 'navigate' && !FILE_NAME.test(url.pathname)) {
    event.respondWith(appShell());
  } else {
    event.respondWith(precachedOrNetwork(request));
  }
});

/** Every app route is the same page; the build's copy opens without waiting for the network. */
async function appShell(): Promise<Response> {
  const cached = await caches.match(APP_SHELL, { cacheName: SHELL_CACHE, ignoreVary: true });
  return cached ?? fetch(APP_SHELL);
}

async function precachedOrNetwork(request: Request): Promise<Response> {
  // The server varies its answers on Origin and Accept-Encoding; a module
  // script's request carries an Origin the stored one did not, and each
  // stored file is this build's whatever the request said.
  const cached = await caches.match(request, {
    cacheName: SHELL_CACHE,
    ignoreSearch: true,
    ignoreVary: true,
  });
  return cached ?? fetch(request);
}

/**
 * The server's config when it answers within CONFIG_WAIT_MS, else the last
 * one it gave; `keepAlive` lets a late answer still replace the kept one.
 */
async function configNetworkFirst(
  request: Request,
  keepAlive: (done: Promise<unknown>) => void,
): Promise<Response> {
  const cache = await caches.open(CONFIG_CACHE);
  const fromServer = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(CONFIG_URL, response.clone());
    return response;
  });
  keepAlive(fromServer.catch(() => {}));
  const kept = await cache.match(CONFIG_URL, { ignoreVary: true });
  if (!kept) return fromServer;
  // The kept response is answered once, by whichever comes first: its body can be read once.
  return within(
    fromServer.catch(() => kept),
    CONFIG_WAIT_MS,
    kept,
  );
}
